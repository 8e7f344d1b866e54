package dev.onsale.booking;

import dev.onsale.testing.TestHttp;
import java.time.Instant;
import java.util.UUID;

/** Events whose sale is open at once, created through the admin API. */
public final class OpenEvents {

    private OpenEvents() {}

    /** A seated event of one section A with {@code rows x seatsPerRow} seats at 5000 cents. */
    public static UUID create(
            TestHttp http, String name, int rows, int seatsPerRow, int holdTtlSeconds, int maxPerOrder) {
        String body = """
                {"name": "%s", "venue": "Hall A", "startsAt": "%s", "saleOpensAt": "%s",
                 "holdTtlSeconds": %d, "maxPerOrder": %d,
                 "seatMap": {"sections": [{"name": "A", "rows": %d, "seatsPerRow": %d, "priceCents": 5000}]}}
                """.formatted(
                        name,
                        EventBodies.inAMonth(),
                        Instant.now().minusSeconds(60),
                        holdTtlSeconds,
                        maxPerOrder,
                        rows,
                        seatsPerRow);
        var response = BookingCalls.createEvent(http, body);
        if (response.status() != 201) {
            throw new IllegalStateException("event not created: " + response.status() + " " + response.body());
        }
        return UUID.fromString(response.json().get("eventId").asString());
    }
}
