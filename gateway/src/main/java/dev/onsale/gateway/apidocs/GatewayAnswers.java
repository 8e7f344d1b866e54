package dev.onsale.gateway.apidocs;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.identity.AccessPolicy;
import dev.onsale.gateway.identity.Requirement;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpMethod;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the gateway answers itself before (or instead of) a service, added to every call of the merged document:
 * 429 where it rate-limits, 401 and 403 where the call needs credentials, 413 where a body may come, and 503 on
 * every call it forwards (a service that does not answer in time, or fails, is answered 503 with Retry-After).
 */
final class GatewayAnswers {

    private static final Set<Requirement> RATE_LIMITED =
            Set.of(Requirement.ANONYMOUS, Requirement.BUYER, Requirement.ADMIN, Requirement.AUDITOR);
    private static final Set<Requirement> CREDENTIALS =
            Set.of(Requirement.BUYER, Requirement.ADMIN, Requirement.AUDITOR);
    private static final List<String> BODIES = List.of("post", "put", "patch");

    private GatewayAnswers() {}

    static void addTo(String method, String path, ObjectNode operation, boolean forwarded) {
        Requirement requirement =
                AccessPolicy.requirementFor(HttpMethod.valueOf(method.toUpperCase(java.util.Locale.ROOT)), path);
        ObjectNode responses =
                operation.has("responses") ? (ObjectNode) operation.get("responses") : operation.putObject("responses");
        if (CREDENTIALS.contains(requirement)) {
            ProblemJson.add(responses, ProblemType.UNAUTHORIZED);
            ProblemJson.add(responses, ProblemType.FORBIDDEN);
        }
        if (BODIES.contains(method)) {
            ProblemJson.add(responses, ProblemType.PAYLOAD_TOO_LARGE);
        }
        if (RATE_LIMITED.contains(requirement)) {
            ProblemJson.add(responses, ProblemType.RATE_LIMITED);
        }
        if (forwarded) {
            ProblemJson.add(responses, ProblemType.SERVICE_UNAVAILABLE);
        }
    }
}
