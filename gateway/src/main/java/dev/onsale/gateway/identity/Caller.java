package dev.onsale.gateway.identity;

import java.util.UUID;

/** Who a request's {@code Authorization} header says is calling, once verified. */
public sealed interface Caller {

    /** No credentials were sent. */
    record Nobody() implements Caller {}

    /** Credentials were sent but are malformed, forged or expired. */
    record Unrecognized() implements Caller {}

    /** A buyer with a valid session. */
    record Buyer(UUID sessionId) implements Caller {}

    /** An operator holding the admin or the auditor token. */
    record Operator(Role role) implements Caller {}

    enum Role {
        ADMIN,
        AUDITOR
    }
}
