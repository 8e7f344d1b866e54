package dev.onsale.gateway.routing;

import org.springframework.http.HttpMethod;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/** Which requests are a buyer's hold: {@code POST /api/events/{eventId}/holds}. */
public final class HoldRequests {

    private static final PathPattern HOLDS = PathPatternParser.defaultInstance.parse("/api/events/{eventId}/holds");

    private HoldRequests() {}

    /** The event id as the path writes it (not checked), when {@code request} is a hold; otherwise null. */
    public static String eventIdOf(ServerHttpRequest request) {
        if (!HttpMethod.POST.equals(request.getMethod())) {
            return null;
        }
        PathPattern.PathMatchInfo match =
                HOLDS.matchAndExtract(request.getPath().pathWithinApplication());
        return match == null ? null : match.getUriVariables().get("eventId");
    }
}
