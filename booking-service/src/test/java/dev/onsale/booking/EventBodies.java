package dev.onsale.booking;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Request bodies for {@code POST /admin/events}. */
public final class EventBodies {

    private EventBodies() {}

    public static String inAMonth() {
        return Instant.now()
                .plus(30, ChronoUnit.DAYS)
                .truncatedTo(ChronoUnit.SECONDS)
                .toString();
    }

    public static String inAWeek() {
        return Instant.now()
                .plus(7, ChronoUnit.DAYS)
                .truncatedTo(ChronoUnit.SECONDS)
                .toString();
    }

    /** A valid seated event with one section of {@code rows x seatsPerRow}. */
    public static String seated(String name, int rows, int seatsPerRow) {
        return """
                {"name": "%s", "venue": "Hall A", "startsAt": "%s", "saleOpensAt": "%s",
                 "seatMap": {"sections": [{"name": "A", "rows": %d, "seatsPerRow": %d, "priceCents": 5000}]}}
                """.formatted(name, inAMonth(), inAWeek(), rows, seatsPerRow);
    }

    /** A valid seated event of {@code seats} seats in one row whose sale opens at {@code saleOpensAt}. */
    public static String opensAt(String name, Instant saleOpensAt, int seats) {
        return """
                {"name": "%s", "venue": "Hall A", "startsAt": "%s", "saleOpensAt": "%s",
                 "seatMap": {"sections": [{"name": "A", "rows": 1, "seatsPerRow": %d, "priceCents": 5000}]}}
                """.formatted(name, inAMonth(), saleOpensAt, seats);
    }
}
