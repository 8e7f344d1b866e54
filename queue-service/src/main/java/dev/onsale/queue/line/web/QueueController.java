package dev.onsale.queue.line.web;

import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Buyer;
import dev.onsale.queue.admission.AdmissionTokens;
import dev.onsale.queue.line.Place;
import dev.onsale.queue.line.PollInterval;
import dev.onsale.queue.line.QueueStatus;
import dev.onsale.queue.line.WaitingRoom;
import dev.onsale.queue.metrics.QueueMetrics;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** The buyers' side of the waiting room. One Redis round trip per call. */
@RestController
class QueueController {

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
        return answer(eventId, buyer, waitingRoom.join(eventId, buyer.sessionId()));
    }

    @Answers(problems = ProblemType.NOT_IN_QUEUE)
    @GetMapping("/api/queue/{eventId}/status")
    QueueAnswer status(@PathVariable UUID eventId, Buyer buyer) {
        Place place = waitingRoom.status(eventId, buyer.sessionId());
        metrics.polled(eventId);
        return answer(eventId, buyer, place);
    }

    private QueueAnswer answer(UUID eventId, Buyer buyer, Place place) {
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
                        null);
            case ADMITTED ->
                new QueueAnswer(
                        QueueStatus.ADMITTED,
                        null,
                        null,
                        pollAfterMs,
                        0L,
                        tokens.token(place.admissionId(), buyer.sessionId(), eventId, place.expiresAt()),
                        place.expiresAt());
            case NOT_OPEN, SOLD_OUT -> new QueueAnswer(place.status(), null, null, pollAfterMs, null, null, null);
        };
    }
}
