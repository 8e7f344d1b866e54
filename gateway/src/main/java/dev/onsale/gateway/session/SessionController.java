package dev.onsale.gateway.session;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.common.token.SessionToken;
import dev.onsale.common.token.SessionTokenCodec;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.routing.EventIds;
import io.swagger.v3.oas.annotations.media.Schema;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /api/sessions}: a new anonymous buyer session. Sessions live in the token only. With {@code eventId}
 * in the body the new session also joins that event's waiting room ({@link ArrivalJoin}), and the answer carries the
 * join's as {@code queue}: a buyer's arrival is then one round trip instead of two. When that join fails, no session
 * is given out, and nothing was stored for it.
 */
@RestController
class SessionController {

    /** Bodies without an event: none, or an empty JSON object. */
    private static final Pattern EMPTY_OBJECT = Pattern.compile("\\s*(\\{\\s*})?\\s*");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final SessionTokenCodec codec;
    private final SessionProperties properties;
    private final ArrivalJoin arrivals;
    private final Clock clock;

    SessionController(SessionTokenCodec codec, SessionProperties properties, ArrivalJoin arrivals, Clock clock) {
        this.codec = codec;
        this.properties = properties;
        this.arrivals = arrivals;
        this.clock = clock;
    }

    /** The new session; {@code queue} (the join's answer, as queue-service wrote it) only when the body named an event. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record SessionCreated(
            String sessionToken,
            Instant expiresAt,

            @JsonRawValue
            @Schema(
                    type = "object",
                    description = "with an eventId: the join's answer, as POST /api/queue/{eventId}/join's")
            String queue) {}

    @Answers(
            problems = {
                ProblemType.INVALID_REQUEST,
                ProblemType.EVENT_NOT_FOUND,
                ProblemType.SALE_HALTED,
                ProblemType.SERVICE_UNAVAILABLE
            })
    @PostMapping(path = "/api/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    Mono<SessionCreated> create(ServerHttpRequest request) {
        return DataBufferUtils.join(request.getBody())
                .map(buffer -> {
                    try {
                        return buffer.toString(StandardCharsets.UTF_8);
                    } finally {
                        DataBufferUtils.release(buffer);
                    }
                })
                .defaultIfEmpty("")
                .flatMap(body -> {
                    Optional<UUID> eventId = eventOf(body);
                    Instant expiresAt = clock.instant().plus(properties.ttl()).truncatedTo(ChronoUnit.SECONDS);
                    SessionToken session = new SessionToken(UUID.randomUUID(), expiresAt);
                    if (eventId.isEmpty()) {
                        return Mono.just(new SessionCreated(codec.encode(session), expiresAt, null));
                    }
                    return arrivals.join(eventId.get(), session.sessionId())
                            .map(queue -> new SessionCreated(codec.encode(session), expiresAt, queue));
                });
    }

    /**
     * The event a body names: none for no body or {@code {}}; else the body must be a JSON object whose only member
     * is {@code eventId}, a UUID string.
     */
    private static Optional<UUID> eventOf(String body) {
        if (EMPTY_OBJECT.matcher(body).matches()) {
            return Optional.empty();
        }
        JsonNode json;
        try {
            json = JSON.readTree(body);
        } catch (JacksonException e) {
            throw invalid("the body is not JSON; send {} or {\"eventId\": \"<uuid>\"}");
        }
        if (json == null || !json.isObject()) {
            throw invalid("the body must be {} or {\"eventId\": \"<uuid>\"}");
        }
        for (String field : json.propertyNames()) {
            if (!field.equals("eventId")) {
                throw invalid("unknown field '" + field + "': the body is {} or {\"eventId\": \"<uuid>\"}");
            }
        }
        JsonNode eventId = json.get("eventId");
        if (!eventId.isString()) {
            throw invalid("eventId must be a string, an event's id");
        }
        return Optional.of(
                EventIds.parse(eventId.asString()).orElseThrow(() -> invalid("eventId is not an event id (a UUID)")));
    }

    private static RuntimeException invalid(String detail) {
        return Problem.of(ProblemType.INVALID_REQUEST, detail).toException();
    }
}
