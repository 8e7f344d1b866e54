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
        return create(http, name, holdTtlSeconds, maxPerOrder, """
                "seatMap": {"sections": [{"name": "A", "rows": %d, "seatsPerRow": %d, "priceCents": 5000}]}""".formatted(rows, seatsPerRow));
    }

    /** A general-admission event of {@code quantity} places at 3000 cents, its seats GA-1 to GA-quantity. */
    public static UUID generalAdmission(TestHttp http, String name, int quantity, int maxPerOrder) {
        return create(
                http,
                name,
                600,
                maxPerOrder,
                "\"generalAdmission\": {\"quantity\": %d, \"priceCents\": 3000}".formatted(quantity));
    }

    private static UUID create(TestHttp http, String name, int holdTtlSeconds, int maxPerOrder, String seats) {
        String body = """
                {"name": "%s", "venue": "Hall A", "startsAt": "%s", "saleOpensAt": "%s",
                 "holdTtlSeconds": %d, "maxPerOrder": %d, %s}
                """.formatted(
                name, EventBodies.inAMonth(), Instant.now().minusSeconds(60), holdTtlSeconds, maxPerOrder, seats);
        var response = BookingCalls.createEvent(http, body);
        if (response.status() != 201) {
            throw new IllegalStateException("event not created: " + response.status() + " " + response.body());
        }
        return UUID.fromString(response.json().get("eventId").asString());
    }
}
