package dev.onsale.booking;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.platform.testing.AsGateway;
import dev.onsale.testing.TestHttp;
import java.time.Duration;

/** Booking-service as its tests call it: through {@link TestHttp}, with the identity signed as the gateway forwards it. */
public final class BookingCalls {

    /** Per call: the contention tests send many at once to a service on a small, shared machine. */
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    private BookingCalls() {}

    /** A client of the service on {@code port} that signs what it sends as the gateway does. */
    public static TestHttp at(int port) {
        return TestHttp.at(port).signedWith(AsGateway::sign).timeout(TIMEOUT);
    }

    /** {@code POST /admin/events} of {@code body} as an admin. */
    public static TestHttp.Reply createEvent(TestHttp http, String body) {
        return http.post("/admin/events", body).role(IdentityHeaders.ROLE_ADMIN).send();
    }
}
