package dev.onsale.queue;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.platform.testing.AsGateway;
import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.util.UUID;

/**
 * The waiting room's calls as the gateway forwards them, on {@link TestHttp}: identity signed, and at most
 * {@link #MAX_CONNECTIONS} requests in flight at once, as behind the gateway's connection pool.
 */
public final class QueueCalls {

    public static final int MAX_CONNECTIONS = 1000;

    private final TestHttp http;

    public QueueCalls(int port) {
        this.http = TestHttp.at(port).signedWith(AsGateway::sign).inFlightAtMost(MAX_CONNECTIONS);
    }

    /** The client underneath, for a call these helpers do not name. */
    public TestHttp http() {
        return http;
    }

    public Reply join(UUID eventId, UUID sessionId) {
        return http.post("/api/queue/" + eventId + "/join", null)
                .buyer(sessionId)
                .send();
    }

    public Reply status(UUID eventId, UUID sessionId) {
        return http.get("/api/queue/" + eventId + "/status").buyer(sessionId).send();
    }

    /** {@code PUT /admin/events/{eventId}/admission} of {@code body} as an admin. */
    public Reply putAdmission(UUID eventId, String body) {
        return http.put("/admin/events/" + eventId + "/admission", body)
                .role(IdentityHeaders.ROLE_ADMIN)
                .send();
    }
}
