package dev.onsale.queue.line;

import java.time.Instant;
import java.util.UUID;

/**
 * A session's place in an event's waiting room.
 *
 * @param position        1-based among those still waiting (WAITING only, else 0)
 * @param size            length of the line (WAITING) or of the pre-queue (NOT_OPEN), else 0
 * @param admissionId     the live admission (ADMITTED only, else null)
 * @param expiresAt       when that admission expires (ADMITTED only, else null)
 * @param admissionRate   admissions per second to expect: measured, or the configured rate if none yet
 * @param place           the permanent place in line, 1-based (WAITING only, else 0): the pump admits in place
 *                        order, so {@code position = place - servingThrough} of the event's progress
 * @param saleOpensAt     when the sale opens, as the waiting room was told by the catalog (NOT_OPEN only, else null;
 *                        null too if it was never told)
 */
public record Place(
        QueueStatus status,
        long position,
        long size,
        UUID admissionId,
        Instant expiresAt,
        double admissionRate,
        long place,
        Instant saleOpensAt) {}
