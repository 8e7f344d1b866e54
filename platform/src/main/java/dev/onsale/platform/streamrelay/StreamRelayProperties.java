package dev.onsale.platform.streamrelay;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The Redis-stream outbox relay of a service whose state lives in Redis.
 *
 * @param enabled        whether this replica runs the relay loop at all
 * @param registryKey    a Redis set listing stream keys to relay, written by the appenders (per-event
 *                       streams); may be empty when {@code streams} names every stream
 * @param streams        stream keys relayed in addition to those in the registry
 * @param group          consumer group of the relay on every stream; one group per relaying service
 * @param consumer       this replica's consumer name in the group; defaults to host name and process id
 * @param batchSize      most entries read, or claimed, from one stream in one round
 * @param block          how long the loop waits after a round that found nothing to relay
 * @param claimMinIdle   a pending entry idle this long is claimed and sent again (a crashed or failed
 *                       send); also the retry interval after a failed send
 * @param lease          how long one replica exclusively relays a stream after its last round on it;
 *                       keeps entries of a stream in order across replicas
 * @param sendTimeout    how long the relay waits for Kafka to acknowledge one entry
 * @param errorBackoff   pause after a round that failed (Redis away)
 * @param deleteRelayed  whether an entry is deleted from its stream once Kafka has it and it is acked;
 *                       then an empty stream has nothing pending and costs one XLEN per round
 */
@ConfigurationProperties("onsale.stream-relay")
public record StreamRelayProperties(
        @DefaultValue("false") boolean enabled,
        @DefaultValue("") String registryKey,
        @DefaultValue({}) List<String> streams,
        @DefaultValue("stream-relay") String group,
        @DefaultValue("") String consumer,
        @DefaultValue("100") int batchSize,
        @DefaultValue("50ms") Duration block,
        @DefaultValue("5s") Duration claimMinIdle,
        @DefaultValue("15s") Duration lease,
        @DefaultValue("10s") Duration sendTimeout,
        @DefaultValue("1s") Duration errorBackoff,
        @DefaultValue("true") boolean deleteRelayed) {

    public StreamRelayProperties {
        streams = streams == null ? List.of() : List.copyOf(streams);
        registryKey = registryKey == null ? "" : registryKey;
        if (batchSize < 1) {
            throw new IllegalArgumentException("onsale.stream-relay.batch-size must be positive");
        }
        if (lease.compareTo(sendTimeout) <= 0) {
            throw new IllegalArgumentException("onsale.stream-relay.lease must exceed send-timeout");
        }
    }

    /** The configured consumer name, or one unique to this host and process. */
    String consumerName() {
        if (!consumer.isBlank()) {
            return consumer;
        }
        String host = System.getenv().getOrDefault("HOSTNAME", "localhost");
        return host + "-" + ProcessHandle.current().pid();
    }
}
