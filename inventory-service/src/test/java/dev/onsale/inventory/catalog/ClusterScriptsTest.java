package dev.onsale.inventory.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.platform.streamrelay.StreamRegistry;
import dev.onsale.platform.testing.RedisServers;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/** init_counter.lua and record_sale_state.lua through their callers on a real 3-node cluster, as on one server. */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();

    @Test
    void theCatalogScriptsAnswerOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        UUID created = UUID.randomUUID();
        UUID changed = UUID.randomUUID();

        List<Object> onOne = apply(single, eventId, created, changed);
        List<Object> onCluster = apply(cluster, eventId, created, changed);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne).containsExactly(InitOutcome.CREATED, InitOutcome.DUPLICATE, true, false);
    }

    private static List<Object> apply(UnifiedJedis jedis, UUID eventId, UUID created, UUID changed) {
        CatalogProperties properties = new CatalogProperties(Duration.ofDays(30));
        var initializer = new CounterInitializer(
                jedis, new StreamRegistry(jedis, "inventory:test-streams"), properties, Clock.systemUTC());
        var recorder = new SaleStateRecorder(jedis, properties);
        EventCreated event = new EventCreated(
                eventId,
                "Concert",
                "Hall",
                Instant.parse("2026-06-01T19:00:00Z"),
                Instant.parse("2026-05-01T10:00:00Z"),
                SaleState.SCHEDULED,
                true,
                10,
                "EUR",
                600,
                4);
        SaleStateChanged open = new SaleStateChanged(eventId, SaleState.SCHEDULED, SaleState.OPEN);
        return List.of(
                initializer.initialize(created, event),
                initializer.initialize(created, event),
                recorder.record(changed, open),
                recorder.record(changed, open));
    }
}
