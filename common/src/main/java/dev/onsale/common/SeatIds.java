package dev.onsale.common;

import java.util.regex.Pattern;

/** The shape of a seat id, which inventory-service checks on every hold and the gateway's sold-out edge reads. */
public final class SeatIds {

    /**
     * A seat id as {@code GET /api/events/{eventId}/seats} gives them: {@code <section>-<row>-<seat>} of a seated
     * event, {@code GA-<n>} of a general-admission one (row and seat 1-based). Whether the event has it, and whether
     * its seats can be chosen at all, only booking knows: a well-formed id it does not have is refused there.
     */
    public static final Pattern PATTERN = Pattern.compile("[A-Z0-9]{1,8}-[1-9][0-9]{0,5}(-[1-9][0-9]{0,5})?");

    private SeatIds() {}
}
