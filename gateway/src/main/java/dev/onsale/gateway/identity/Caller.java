package dev.onsale.gateway.identity;

import java.util.UUID;

/** Who a request's {@code Authorization} header says is calling, once verified. */
public sealed interface Caller {

    /** No credentials were sent. */
    record Nobody() implements Caller {}

    /**
     * Credentials were sent but are malformed, forged or expired; {@code notBearer} when the header is not
     * {@code Bearer <token>} at all (another scheme, or a bare token), which its caller is told.
     */
    record Unrecognized(boolean notBearer) implements Caller {
        Unrecognized() {
            this(false);
        }
    }

    /** A buyer with a valid session. */
    record Buyer(UUID sessionId) implements Caller {}

    /** An operator holding the admin or the auditor token. */
    record Operator(Role role) implements Caller {}

    enum Role {
        ADMIN,
        AUDITOR
    }
}
