package dev.onsale.gateway.identity;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.problem.Problem;
import java.util.Map;

/** The outcome of checking a {@link Caller} against a {@link Requirement}. */
sealed interface AccessDecision {

    /** Pass, forwarding exactly these identity headers (none for anonymous calls). */
    record Granted(Map<String, String> identityHeaders) implements AccessDecision {}

    /** Answer {@code problem} instead of forwarding. */
    record Denied(Problem problem) implements AccessDecision {}

    /** The detail of an Authorization header that is not {@code Bearer <token>}. */
    static final String NOT_BEARER =
            "the Authorization header must be \"Bearer <token>\": the word Bearer, a space, then the token";

    /**
     * The rules: missing or unrecognized credentials are 401; valid credentials of the wrong kind
     * (a buyer session on /admin, an auditor token on /admin, an operator token on a buyer call) are
     * 403, because retrying with the same credentials cannot help.
     */
    static AccessDecision decide(Requirement requirement, Caller caller) {
        return switch (requirement) {
            case ANONYMOUS, PUBLIC_DOCUMENT, WEBHOOK, MANAGEMENT -> granted();
            case BUYER ->
                switch (caller) {
                    case Caller.Buyer buyer ->
                        granted(IdentityHeaders.BUYER, buyer.sessionId().toString());
                    case Caller.Operator ignored -> forbidden("this call needs a buyer session");
                    case Caller.Nobody ignored -> unauthorized("this call needs a buyer session token");
                    case Caller.Unrecognized unrecognized ->
                        unauthorized(unrecognized.notBearer() ? NOT_BEARER : "the session token is invalid or expired");
                };
            case ADMIN ->
                switch (caller) {
                    case Caller.Operator(Caller.Role role)
                    when role == Caller.Role.ADMIN -> granted(IdentityHeaders.ROLE, IdentityHeaders.ROLE_ADMIN);
                    case Caller.Operator ignored -> forbidden("this call needs the admin token");
                    case Caller.Buyer ignored -> forbidden("this call needs the admin token");
                    case Caller.Nobody ignored -> unauthorized("this call needs the admin token");
                    case Caller.Unrecognized unrecognized ->
                        unauthorized(unrecognized.notBearer() ? NOT_BEARER : "the token is not valid here");
                };
            case AUDITOR ->
                switch (caller) {
                    case Caller.Operator(Caller.Role role) ->
                        granted(
                                IdentityHeaders.ROLE,
                                role == Caller.Role.ADMIN ? IdentityHeaders.ROLE_ADMIN : IdentityHeaders.ROLE_AUDITOR);
                    case Caller.Buyer ignored -> forbidden("this call needs the auditor or the admin token");
                    case Caller.Nobody ignored -> unauthorized("this call needs the auditor or the admin token");
                    case Caller.Unrecognized unrecognized ->
                        unauthorized(unrecognized.notBearer() ? NOT_BEARER : "the token is not valid here");
                };
        };
    }

    private static AccessDecision granted() {
        return new Granted(Map.of());
    }

    private static AccessDecision granted(String header, String value) {
        return new Granted(Map.of(header, value));
    }

    private static AccessDecision unauthorized(String detail) {
        return new Denied(Problem.of(ProblemType.UNAUTHORIZED, detail));
    }

    private static AccessDecision forbidden(String detail) {
        return new Denied(Problem.of(ProblemType.FORBIDDEN, detail));
    }
}
