package dev.onsale.gateway.session;

import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.common.token.SessionToken;
import dev.onsale.common.token.SessionTokenCodec;
import dev.onsale.gateway.problem.Problem;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
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

/** {@code POST /api/sessions}: a new anonymous buyer session. Sessions live in the token only. */
@RestController
class SessionController {

    /** The only bodies accepted: none, or an empty JSON object. */
    private static final Pattern EMPTY_OBJECT = Pattern.compile("\\s*(\\{\\s*})?\\s*");

    private final SessionTokenCodec codec;
    private final SessionProperties properties;
    private final Clock clock;

    SessionController(SessionTokenCodec codec, SessionProperties properties, Clock clock) {
        this.codec = codec;
        this.properties = properties;
        this.clock = clock;
    }

    record SessionCreated(String sessionToken, Instant expiresAt) {}

    @Answers(problems = ProblemType.INVALID_REQUEST)
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
                .map(body -> {
                    if (!EMPTY_OBJECT.matcher(body).matches()) {
                        throw Problem.of(ProblemType.INVALID_REQUEST, "the body must be empty or {}")
                                .toException();
                    }
                    Instant expiresAt = clock.instant().plus(properties.ttl()).truncatedTo(ChronoUnit.SECONDS);
                    SessionToken session = new SessionToken(UUID.randomUUID(), expiresAt);
                    return new SessionCreated(codec.encode(session), expiresAt);
                });
    }
}
