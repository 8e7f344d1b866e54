package dev.onsale.queue;

import dev.onsale.common.events.SaleState;
import dev.onsale.queue.admission.AdmissionProperties;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import redis.clients.jedis.UnifiedJedis;

/**
 * Sets up an event's waiting room in Redis as the scripts of other packages would leave it, for a test that drives
 * one package's classes without the service (their constructors are package-private, and the service's own setup,
 * {@link TestCatalog}, needs Kafka): the event as the catalog records {@code EventCreated}, a sealed or open opening,
 * joins, admissions and a sold-out latch. Every key comes from {@link QueueKeys}, so it works on one server and on a
 * cluster alike.
 */
public final class TestRooms {

    private TestRooms() {}

    /** The event's record as CatalogEvents writes it for {@code EventCreated}. */
    public static void known(UnifiedJedis jedis, UUID eventId, int capacity, SaleState state, Instant saleOpensAt) {
        jedis.hset(
                QueueKeys.event(eventId),
                Map.of(
                        "saleOpensAt", saleOpensAt.toString(),
                        "saleState", state.name(),
                        "capacity", Integer.toString(capacity)));
    }

    /** The opening as seal.lua leaves it: the seed recorded, the pre-queue frozen, the sequence at its size. */
    public static void sealed(UnifiedJedis jedis, UUID eventId, String seed) {
        jedis.hset(
                QueueKeys.opening(eventId),
                Map.of("state", "sealed", "seed", seed, "sealedAt", Long.toString(System.currentTimeMillis())));
        jedis.set(QueueKeys.sequence(eventId), Long.toString(jedis.zcard(QueueKeys.preQueue(eventId))));
    }

    /** The opening as seal.lua then open.lua leave it when nobody joined before: open, the sequence at 0. */
    public static void opened(UnifiedJedis jedis, UUID eventId) {
        if (jedis.zcard(QueueKeys.preQueue(eventId)) > 0) {
            throw new IllegalStateException("a pre-queue is moved into the line by Opening, not by this helper");
        }
        jedis.hset(
                QueueKeys.opening(eventId),
                Map.of("state", "open", "count", "0", "openedAt", Long.toString(System.currentTimeMillis())));
        jedis.set(QueueKeys.sequence(eventId), "0");
    }

    /** Joins as place.lua makes them, in order: to the pre-queue before the opening, to the line from its seal. */
    public static void joined(UnifiedJedis jedis, UUID eventId, List<UUID> sessions) {
        String queue = jedis.exists(QueueKeys.opening(eventId)) ? QueueKeys.line(eventId) : QueueKeys.preQueue(eventId);
        for (UUID session : sessions) {
            jedis.zadd(queue, jedis.incr(QueueKeys.sequence(eventId)), session.toString());
        }
    }

    /** An admission as pump.lua makes it: out of the line, recorded, active until {@code expiresAt}, counted. */
    public static void admitted(UnifiedJedis jedis, UUID eventId, UUID session, UUID admissionId, Instant expiresAt) {
        Double place = jedis.zscore(QueueKeys.line(eventId), session.toString());
        if (place == null) {
            throw new IllegalStateException(session + " is not in the line of event " + eventId);
        }
        jedis.zrem(QueueKeys.line(eventId), session.toString());
        jedis.hset(QueueKeys.admissions(eventId), session.toString(), admissionId + ":" + expiresAt.getEpochSecond());
        jedis.zadd(QueueKeys.active(eventId), expiresAt.getEpochSecond() * 1000.0, session.toString());
        jedis.zadd(QueueKeys.admissionExpiries(eventId), expiresAt.getEpochSecond(), session.toString());
        jedis.hincrBy(QueueKeys.stats(eventId), "admitted", 1);
        String through = jedis.hget(QueueKeys.stats(eventId), "servingThrough");
        if (through == null || place > Long.parseLong(through)) {
            jedis.hset(QueueKeys.stats(eventId), "servingThrough", Long.toString(place.longValue()));
        }
    }

    /** Availability as availability.lua latches it once inventory reports nothing left and no live hold. */
    public static void soldOut(UnifiedJedis jedis, UUID eventId) {
        jedis.hset(
                QueueKeys.availability(eventId), Map.of("available", "0", "liveHolds", "0", "soldOut", "1", "at", "0"));
    }

    /** The admission settings' defaults ({@code onsale.admission.*} unset but the key). */
    public static AdmissionProperties admissionDefaults() {
        return new AdmissionProperties(
                "local-only-admission-key-change-me-in-production",
                List.of(),
                Duration.ofMinutes(10),
                200,
                50,
                2,
                Duration.ofMillis(500),
                2000,
                Duration.ofSeconds(10),
                1000,
                Duration.ofSeconds(30));
    }
}
