package dev.onsale.launcher;

import java.util.List;

/**
 * The engines' form in a stack: {@code kafkaBrokers} KRaft brokers (topics replicated on min(3, brokers)), and Redis
 * as one server ({@code redisMasters} 0) or a cluster of that many masters. {@link #SINGLE}, one broker and one
 * server, is {@code ./onsale up}'s default; {@code --kafka-brokers=K --redis-cluster=M} ask for the distributed one.
 */
public record EngineShape(int kafkaBrokers, int redisMasters) {

    public static final EngineShape SINGLE = new EngineShape(1, 0);

    public EngineShape {
        if (kafkaBrokers < 1) {
            throw new IllegalArgumentException("--kafka-brokers must be at least 1, got " + kafkaBrokers);
        }
        if (redisMasters < 0) {
            throw new IllegalArgumentException(
                    "--redis-cluster must be 0 (one server) or more masters, got " + redisMasters);
        }
    }

    /** The engines process's arguments for this shape. */
    List<String> enginesArguments() {
        return List.of("--kafka-brokers=" + kafkaBrokers, "--redis-cluster=" + redisMasters);
    }
}
