package dev.onsale.queue.line.web;

import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Buyer;
import dev.onsale.platform.identity.Gateway;
import dev.onsale.platform.web.ProblemException;
import dev.onsale.queue.admission.AdmissionTokens;
import dev.onsale.queue.line.Place;
import dev.onsale.queue.line.PollInterval;
import dev.onsale.queue.line.QueueStatus;
import dev.onsale.queue.line.WaitingRoom;
import dev.onsale.queue.metrics.QueueMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The buyers' side of the waiting room. One Redis round trip per call, also for the gateway's batched joins of the
 * sessions it has just created (a buyer's arrival in one call; see the gateway's {@code ArrivalJoin}).
 */
@RestController
class QueueController {

    /** The most sessions one batched join may name. */
    static final int MOST_JOINS = 1000;

    /** The sessions of one batched join, in the order the gateway received their arrivals. */
    record Joins(List<UUID> sessionIds) {}

    /** Each session's answer, in the order of {@link Joins#sessionIds()}: what its own join would have answered. */
    record Joined(List<QueueAnswer> answers) {}

    private final WaitingRoom waitingRoom;
    private final AdmissionTokens tokens;
    private final PollInterval pollInterval;
    private final QueueMetrics metrics;

    QueueController(WaitingRoom waitingRoom, AdmissionTokens tokens, PollInterval pollInterval, QueueMetrics metrics) {
        this.waitingRoom = waitingRoom;
        this.tokens = tokens;
        this.pollInterval = pollInterval;
        this.metrics = metrics;
    }

    @Answers(problems = ProblemType.EVENT_NOT_FOUND)
    @PostMapping("/api/queue/{eventId}/join")
    QueueAnswer join(@PathVariable UUID eventId, Buyer buyer) {
        return answer(eventId, buyer.sessionId(), waitingRoom.join(eventId, buyer.sessionId()));
    }

    /**
     * Joins many sessions to the line of {@code eventId} at once, in their order, for the gateway alone: its
     * arrivals that came while its earlier joins were on their way. One HTTP call and one Redis round trip for all
     * of them, where each used to cost one of each; every session's place is the one its own join would have taken.
     */
    @Answers(problems = {ProblemType.EVENT_NOT_FOUND, ProblemType.INVALID_REQUEST})
    @PostMapping("/internal/queue/{eventId}/joins")
    Joined joins(@PathVariable UUID eventId, @RequestBody Joins joins, Gateway gateway) {
        List<UUID> sessions = joins.sessionIds();
        if (sessions == null || sessions.isEmpty() || sessions.size() > MOST_JOINS || sessions.contains(null)) {
            throw new ProblemException(
                    ProblemType.INVALID_REQUEST, "sessionIds must name between 1 and " + MOST_JOINS + " sessions");
        }
        List<Place> places = waitingRoom.joinAll(eventId, sessions);
        List<QueueAnswer> answers = new ArrayList<>(places.size());
        for (int i = 0; i < places.size(); i++) {
            answers.add(answer(eventId, sessions.get(i), places.get(i)));
        }
        return new Joined(answers);
    }

    @Answers(problems = ProblemType.NOT_IN_QUEUE)
    @GetMapping("/api/queue/{eventId}/status")
    QueueAnswer status(@PathVariable UUID eventId, Buyer buyer) {
        Place place = waitingRoom.status(eventId, buyer.sessionId());
        metrics.polled(eventId);
        return answer(eventId, buyer.sessionId(), place);
    }

    private QueueAnswer answer(UUID eventId, UUID sessionId, Place place) {
        long pollAfterMs = pollInterval.millis(place);
        return switch (place.status()) {
            case WAITING ->
                new QueueAnswer(
                        QueueStatus.WAITING,
                        place.position(),
                        place.place(),
                        pollAfterMs,
                        (long) Math.ceil(place.position() / place.admissionRate()),
                        null,
                        null,
                        null);
            case ADMITTED ->
                new QueueAnswer(
                        QueueStatus.ADMITTED,
                        null,
                        null,
                        pollAfterMs,
                        0L,
                        tokens.token(place.admissionId(), sessionId, eventId, place.expiresAt()),
                        place.expiresAt(),
                        null);
            case NOT_OPEN ->
                new QueueAnswer(QueueStatus.NOT_OPEN, null, null, pollAfterMs, null, null, null, place.saleOpensAt());
            case SOLD_OUT -> new QueueAnswer(QueueStatus.SOLD_OUT, null, null, pollAfterMs, null, null, null, null);
        };
    }
}
