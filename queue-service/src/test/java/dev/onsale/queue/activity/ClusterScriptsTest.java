package dev.onsale.queue.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import dev.onsale.common.events.OrderCancelled;
import dev.onsale.common.events.OrderConfirmed;
import dev.onsale.common.events.OrderHeld;
import dev.onsale.common.events.OrderPaymentPending;
import dev.onsale.common.events.SaleState;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.RedisServers;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.TestRooms;
import dev.onsale.queue.catalog.CatalogEvents;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.resps.Tuple;

/**
 * order_event.lua through {@link ActiveBuyers} on a real 3-node cluster: one event's order messages (a hold, its
 * redelivery, a payment pending, the order confirmed, another session's order cancelled) leave the same active buyers
 * as on one server.
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();

    @Test
    void orderMessagesCountActiveBuyersTheSameOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        UUID holder = UUID.fromString("00000000-0000-0000-0000-0000000000a1");
        UUID waiting = UUID.fromString("00000000-0000-0000-0000-0000000000a2");
        UUID orderId = UUID.randomUUID();
        List<Envelope> messages = List.of(
                order(new OrderHeld(orderId, eventId, holder, List.of("A-1-1"), 5000, "EUR", Instant.now())),
                order(new OrderPaymentPending(orderId, eventId, holder)),
                order(new OrderConfirmed(orderId, eventId, holder)),
                order(new OrderCancelled(UUID.randomUUID(), eventId, UUID.randomUUID())));
        Instant expiresAt = Instant.ofEpochSecond(Instant.now().getEpochSecond() + 600);

        List<Object> onOne = apply(single, eventId, List.of(holder, waiting), expiresAt, messages);
        List<Object> onCluster = apply(cluster, eventId, List.of(holder, waiting), expiresAt, messages);

        assertThat(onCluster).isEqualTo(onOne);
        double expiry = expiresAt.toEpochMilli();
        assertThat(onOne)
                .containsExactly(
                        Map.of(holder.toString(), Double.POSITIVE_INFINITY, waiting.toString(), expiry),
                        Map.of(holder.toString(), Double.POSITIVE_INFINITY, waiting.toString(), expiry),
                        Map.of(holder.toString(), Double.POSITIVE_INFINITY, waiting.toString(), expiry),
                        Map.of(waiting.toString(), expiry),
                        Map.of(waiting.toString(), expiry),
                        Map.of(waiting.toString(), expiry),
                        true);
    }

    /** Both sessions admitted, then each message applied (the hold twice, the confirmation twice); the active set. */
    private static List<Object> apply(
            UnifiedJedis jedis, UUID eventId, List<UUID> admitted, Instant expiresAt, List<Envelope> messages) {
        CatalogEvents catalog = mock(CatalogEvents.class);
        when(catalog.inboxTtl()).thenReturn(Duration.ofDays(30));
        ActiveBuyers buyers = new ActiveBuyers(jedis, catalog);
        TestRooms.known(jedis, eventId, 10, SaleState.OPEN, Instant.parse("2026-05-01T10:00:00Z"));
        TestRooms.opened(jedis, eventId);
        TestRooms.joined(jedis, eventId, admitted);
        admitted.forEach(session -> TestRooms.admitted(jedis, eventId, session, UUID.randomUUID(), expiresAt));
        List<Object> answers = new ArrayList<>();
        for (Envelope message : List.of(
                messages.get(0), messages.get(0), messages.get(1), messages.get(2), messages.get(2), messages.get(3))) {
            buyers.apply(message);
            answers.add(active(jedis, eventId));
        }
        answers.add(jedis.ttl(QueueKeys.processed(eventId)) > 0);
        return answers;
    }

    private static Map<String, Double> active(UnifiedJedis jedis, UUID eventId) {
        return jedis.zrangeWithScores(QueueKeys.active(eventId), 0, -1).stream()
                .collect(Collectors.toMap(Tuple::getElement, Tuple::getScore));
    }

    private static Envelope order(Object event) {
        return Envelope.wrap(UUID.randomUUID().toString(), event);
    }
}
