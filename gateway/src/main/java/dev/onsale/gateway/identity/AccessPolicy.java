package dev.onsale.gateway.identity;

import java.util.List;
import org.springframework.http.HttpMethod;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * Which {@link Requirement} a request path carries. The first matching rule wins; a path no rule names
 * is anonymous (and, unless the gateway serves it, answered 404 by routing). Public so that the OpenAPI document
 * states, per call, what the gateway itself answers (apidocs package).
 */
public final class AccessPolicy {

    private record Rule(HttpMethod method, PathPattern pattern, Requirement requirement) {

        boolean matches(HttpMethod requestMethod, PathContainer path) {
            return (method == null || method.equals(requestMethod)) && pattern.matches(path);
        }
    }

    private static final PathPatternParser PARSER = PathPatternParser.defaultInstance;

    private static final List<Rule> RULES = List.of(
            rule(null, "/actuator/**", Requirement.MANAGEMENT),
            rule(null, "/webhooks/payments", Requirement.WEBHOOK),
            rule(null, "/api/sessions", Requirement.ANONYMOUS),
            rule(HttpMethod.GET, "/api/events", Requirement.ANONYMOUS),
            rule(HttpMethod.GET, "/api/events/{eventId}", Requirement.ANONYMOUS),
            rule(HttpMethod.GET, "/api/events/{eventId}/seats", Requirement.ANONYMOUS),
            rule(HttpMethod.GET, "/api/events/{eventId}/availability", Requirement.ANONYMOUS),
            rule(HttpMethod.GET, "/api/queue/{eventId}/progress", Requirement.PUBLIC_DOCUMENT),
            rule(HttpMethod.GET, "/api/docs/**", Requirement.ANONYMOUS),
            rule(null, "/api/**", Requirement.BUYER),
            rule(null, "/admin/**", Requirement.ADMIN),
            rule(null, "/audit/**", Requirement.AUDITOR));

    private AccessPolicy() {}

    static Requirement requirementFor(HttpMethod method, PathContainer path) {
        for (Rule rule : RULES) {
            if (rule.matches(method, path)) {
                return rule.requirement();
            }
        }
        return Requirement.ANONYMOUS;
    }

    public static Requirement requirementFor(HttpMethod method, String path) {
        return requirementFor(method, PathContainer.parsePath(path));
    }

    private static Rule rule(HttpMethod method, String pattern, Requirement requirement) {
        return new Rule(method, PARSER.parse(pattern), requirement);
    }
}
