package dev.onsale.queue.line.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.onsale.queue.line.QueueStatus;
import java.time.Instant;

/**
 * A join or status answer (API.md): {@code position} and the permanent {@code place} only while WAITING, {@code admissionToken} and
 * {@code admissionExpiresAt} only when ADMITTED, {@code saleOpensAt} only when NOT_OPEN (and known); {@code pollAfterMs} always.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record QueueAnswer(
        QueueStatus status,
        Long position,
        Long place,
        long pollAfterMs,
        Long estimatedWaitSeconds,
        String admissionToken,
        Instant admissionExpiresAt,
        Instant saleOpensAt) {}
