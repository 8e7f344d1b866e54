package dev.onsale.gateway.admission;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.common.token.AdmissionTokenCodec;
import dev.onsale.common.token.AdmissionTokenCodec.Refusal;
import dev.onsale.common.token.AdmissionTokenCodec.Verdict;
import dev.onsale.gateway.identity.Caller;
import dev.onsale.gateway.identity.Verified;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.routing.HoldRequests;
import dev.onsale.gateway.routing.UpstreamProperties;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.core.Ordered;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The waiting room's door: {@code POST /api/events/{eventId}/holds} passes only with an
 * {@code X-Admission-Token} that queue-service signed for the caller's session and this event and that
 * has not expired. Verified locally with the shared key, never by calling queue-service. Invariant: a
 * refused request reaches no service. A passing one is forwarded with its token unchanged and with
 * {@value #ADMISSION_ID} set to the verified admission id (a client-sent copy never survives the
 * identity filter, which strips every {@code X-Onsale-*} header).
 */
@Component
class AdmissionFilter implements WebFilter, Ordered {

    static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 40;
    static final String TOKEN = "X-Admission-Token";
    static final String ADMISSION_ID = "X-Onsale-Admission";

    private static final Pattern CANONICAL_UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private final AdmissionTokenCodec codec;
    private final Clock clock;
    /** How long before the gateway gives up on inventory the deadline it forwards lies: the answer's way back. */
    static final Duration ANSWER_GRACE = Duration.ofSeconds(1);

    private final Duration answerWithin;
    private final Counter accepted;
    private final Map<Refusal, Counter> rejected = new EnumMap<>(Refusal.class);

    AdmissionFilter(AdmissionTokenCodec codec, Clock clock, MeterRegistry meters, UpstreamProperties upstream) {
        this.codec = codec;
        this.clock = clock;
        this.answerWithin = upstream.responseTimeout();
        this.accepted = Counter.builder("onsale.gateway.admission.accepted")
                .description("hold requests let through with a valid admission token")
                .register(meters);
        for (Refusal refusal : Refusal.values()) {
            rejected.put(
                    refusal,
                    Counter.builder("onsale.gateway.admission.rejected")
                            .description("hold requests refused with 403 admission-required, by reason")
                            .tag("reason", Refusals.tag(refusal))
                            .register(meters));
        }
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        String eventId = HoldRequests.eventIdOf(request);
        if (eventId == null) {
            return chain.filter(exchange);
        }
        if (!CANONICAL_UUID.matcher(eventId).matches()) {
            return Mono.error(Problem.of(ProblemType.NOT_FOUND, "there is no event " + eventId)
                    .toException());
        }
        if (!(Verified.of(exchange).caller() instanceof Caller.Buyer buyer)) {
            return Mono.error(Problem.of(ProblemType.UNAUTHORIZED, "this call needs a buyer session token")
                    .toException());
        }
        Verdict verdict = check(request.getHeaders().get(TOKEN), buyer.sessionId(), UUID.fromString(eventId));
        if (!verdict.admitted()) {
            rejected.get(verdict.refusal()).increment();
            return Mono.error(Problem.of(ProblemType.ADMISSION_REQUIRED, Refusals.detail(verdict.refusal()))
                    .toException());
        }
        accepted.increment();
        ServerHttpRequest forwarded = request.mutate()
                .headers(headers -> {
                    headers.set(ADMISSION_ID, verdict.admission().admissionId().toString());
                    // the upstream response timeout starts later than now, so this is at least ANSWER_GRACE before
                    // the real give-up: an answer inventory sends by the deadline still reaches us in time
                    headers.set(
                            IdentityHeaders.DEADLINE,
                            Long.toString(clock.instant()
                                    .plus(answerWithin)
                                    .minus(ANSWER_GRACE)
                                    .toEpochMilli()));
                })
                .build();
        return chain.filter(exchange.mutate().request(forwarded).build());
    }

    private Verdict check(List<String> tokens, UUID sessionId, UUID eventId) {
        if (tokens != null && tokens.size() > 1) {
            return new Verdict(null, Refusal.MALFORMED);
        }
        String token = tokens == null ? null : tokens.getFirst().strip();
        return codec.verify(token, sessionId, eventId, clock.instant());
    }
}
