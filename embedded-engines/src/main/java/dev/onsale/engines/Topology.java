package dev.onsale.engines;

import java.util.Set;

/**
 * The shape of a stack's engines: how many Kafka brokers, and whether Redis is one server ({@code redisMasters} 0)
 * or a cluster of that many masters. {@link #SINGLE} is the default local stack's: one broker, one server.
 *
 * @param portsToAvoid ports the cluster's nodes must not take, nor as their bus port: those the stack has picked for
 *                     its services, which bind them only after the engines are up
 */
public record Topology(int kafkaBrokers, int redisMasters, Set<Integer> portsToAvoid) {

    public static final Topology SINGLE = new Topology(1, 0);

    public Topology(int kafkaBrokers, int redisMasters) {
        this(kafkaBrokers, redisMasters, Set.of());
    }

    public Topology {
        portsToAvoid = Set.copyOf(portsToAvoid);
        if (kafkaBrokers < 1) {
            throw new IllegalArgumentException("Kafka needs at least one broker, got " + kafkaBrokers);
        }
        if (redisMasters < 0) {
            throw new IllegalArgumentException(
                    "Redis Cluster masters must be 0 (the single server) or more, got " + redisMasters);
        }
    }

    boolean redisCluster() {
        return redisMasters > 0;
    }
}
