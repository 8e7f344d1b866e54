package dev.onsale.inventory.hold;

import dev.onsale.platform.testing.AsGateway;
import dev.onsale.testing.TestHttp;
import java.util.UUID;

/** Hold requests as the gateway forwards them, on {@link TestHttp}: the buyer's session and an admission, signed. */
final class HoldCalls {

    private final TestHttp http;

    HoldCalls(int port) {
        this.http = TestHttp.at(port).signedWith(AsGateway::sign);
    }

    TestHttp.Reply hold(UUID eventId, UUID sessionId, String body) {
        return hold(eventId, sessionId, body, null);
    }

    /** A hold of {@code body} for {@code sessionId}, admitted; no {@code Idempotency-Key} when the key is null. */
    TestHttp.Reply hold(UUID eventId, UUID sessionId, String body, String idempotencyKey) {
        return request(eventId, body)
                .buyer(sessionId)
                .admission(UUID.randomUUID())
                .idempotencyKey(idempotencyKey)
                .send();
    }

    /** A hold request that carries no identity yet: the caller sets the headers the gateway would. */
    TestHttp.Call request(UUID eventId, String body) {
        return http.post("/api/events/" + eventId + "/holds", body);
    }
}
