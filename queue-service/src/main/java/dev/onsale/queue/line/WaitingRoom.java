package dev.onsale.queue.line;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.web.ProblemException;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.admission.AdmissionProperties;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/** Joins sessions to an event's waiting room and tells them where they stand (see place.lua). */
@Component
public class WaitingRoom {

    private static final LuaScript PLACE = LuaScript.load(WaitingRoom.class, "place.lua");

    private final UnifiedJedis jedis;
    private final AdmissionProperties admission;

    WaitingRoom(UnifiedJedis jedis, AdmissionProperties admission) {
        this.jedis = jedis;
        this.admission = admission;
    }

    /**
     * Queues the session unless it already has a place (or a live admission), which it keeps.
     *
     * @throws ProblemException 404 {@code event-not-found} for an event the waiting room never heard of
     */
    public Place join(UUID eventId, UUID sessionId) {
        return place(eventId, sessionId, "join")
                .orElseThrow(() -> new IllegalStateException("join answered not-in-queue"));
    }

    /**
     * @throws ProblemException 404 {@code event-not-found}, or 404 {@code not-in-queue} for a session
     *                          that never joined (or whose admission expired)
     */
    public Place status(UUID eventId, UUID sessionId) {
        return place(eventId, sessionId, "status")
                .orElseThrow(() -> new ProblemException(
                        ProblemType.NOT_IN_QUEUE,
                        "this session is not in the waiting room of event " + eventId + "; join first"));
    }

    /**
     * Joins each of {@code sessionIds}, in their order, as {@link #join} does one, in one Redis round trip: the
     * places come in the same order. Each join runs alone in Redis, so it takes the same place as it would on its own.
     *
     * @throws ProblemException 404 {@code event-not-found} for an event the waiting room never heard of
     */
    public List<Place> joinAll(UUID eventId, List<UUID> sessionIds) {
        List<String> keys = keys(eventId);
        List<LuaScript.Call> calls = new ArrayList<>(sessionIds.size());
        for (UUID sessionId : sessionIds) {
            calls.add(new LuaScript.Call(keys, arguments(sessionId, "join")));
        }
        // a join is safe to run twice (a place once taken is kept), as runEach requires
        List<Object> replies = PLACE.runEach(jedis, calls);
        List<Place> places = new ArrayList<>(replies.size());
        for (Object reply : replies) {
            places.add(placeOf(eventId, (List<?>) reply)
                    .orElseThrow(() -> new IllegalStateException("join answered not-in-queue")));
        }
        return places;
    }

    private Optional<Place> place(UUID eventId, UUID sessionId, String mode) {
        // A Redis that does not answer becomes 503 + Retry-After in platform's advice; asking again
        // is safe, because a place once taken is kept.
        return placeOf(eventId, (List<?>) PLACE.run(jedis, keys(eventId), arguments(sessionId, mode)));
    }

    private static List<String> keys(UUID eventId) {
        return List.of(
                QueueKeys.event(eventId),
                QueueKeys.opening(eventId),
                QueueKeys.line(eventId),
                QueueKeys.preQueue(eventId),
                QueueKeys.sequence(eventId),
                QueueKeys.admissions(eventId),
                QueueKeys.availability(eventId),
                QueueKeys.settings(eventId),
                QueueKeys.stats(eventId));
    }

    private List<String> arguments(UUID sessionId, String mode) {
        return List.of(sessionId.toString(), mode, Integer.toString(admission.defaultMaxAdmitPerSecond()));
    }

    private static Optional<Place> placeOf(UUID eventId, List<?> reply) {
        String status = (String) reply.get(0);
        if ("UNKNOWN_EVENT".equals(status)) {
            throw new ProblemException(ProblemType.EVENT_NOT_FOUND, "no event " + eventId);
        }
        if ("NOT_IN_QUEUE".equals(status)) {
            return Optional.empty();
        }
        String admissionId = (String) reply.get(3);
        long expiresAt = (Long) reply.get(4);
        String saleOpensAt = (String) reply.get(8);
        double measured = Double.parseDouble((String) reply.get(5));
        double rate = measured > 0 ? measured : ((Long) reply.get(6)).doubleValue();
        return Optional.of(new Place(
                QueueStatus.valueOf(status),
                (Long) reply.get(1),
                (Long) reply.get(2),
                admissionId.isEmpty() ? null : UUID.fromString(admissionId),
                admissionId.isEmpty() ? null : Instant.ofEpochSecond(expiresAt),
                rate,
                (Long) reply.get(7),
                saleOpensAt.isEmpty() ? null : Instant.parse(saleOpensAt)));
    }
}
