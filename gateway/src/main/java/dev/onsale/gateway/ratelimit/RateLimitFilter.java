package dev.onsale.gateway.ratelimit;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.identity.Caller;
import dev.onsale.gateway.identity.Requirement;
import dev.onsale.gateway.identity.Verified;
import dev.onsale.gateway.problem.Problem;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Applies the per-address backstop to every request except the payment webhook, the gateway's own
 * management endpoints and the public documents it answers from its cache, and the per-session limit to verified
 * buyer calls. A session's queue status asks are first held to their own pace, in memory only
 * ({@link StatusPaceProperties}); then every session call meets this replica's local
 * pre-check ({@link LocalSessionBuckets}), which refuses an obvious flood at once, then the shared
 * buckets in Redis, which decide. When Redis fails or does not answer within
 * {@code spring.data.redis.timeout} the request passes (fail open) unless the local pre-check refused
 * it: refusing every buyer because the limiter is down would turn a degraded protection into an outage.
 * Each such pass is counted in {@code onsale.gateway.ratelimit.unchecked}, each Redis decision in
 * {@code onsale.gateway.ratelimit.checked}. The rest of the request continues on its own connection's
 * event loop, not on the Redis client's thread ({@link RequestLoop}).
 */
@Component
class RateLimitFilter implements WebFilter, Ordered {

    static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 20;

    /** The longest a status ask refused by the pace is held before its 429 is sent. */
    static final Duration LONGEST_PACED_WAIT = Duration.ofSeconds(1);

    private static final String QUEUE_PREFIX = "/api/queue/";
    private static final String STATUS_SUFFIX = "/status";
    private static final Logger log = LoggerFactory.getLogger(RateLimitFilter.class);
    private static final long WARN_EVERY_NANOS = Duration.ofSeconds(10).toNanos();

    private final TokenBuckets buckets;
    /**
     * The Redis client's own command timeout ({@code spring.data.redis.timeout}): how long a request waits for the
     * buckets before passing unlimited. Twice that is enforced here as well, so that a take that never signals
     * (neither a reply nor the client's timeout) cannot hold a buyer until the gateway's deadline; the client's timeout
     * still fires first, as a backstop at the same moment would cancel takes the client then fails into nothing (each
     * logged as a dropped error). The backstop is timed on the request's own event loop, as the answer deadline is.
     * Timed on Reactor's parallel workers, a take that had asked Redis still held a hold for the whole 18 s in about
     * one run of four of {@code bench holds} while the deadline's timer on the loop fired; on the loop, none did in six.
     */
    private final Duration redisWait;

    private final LocalSessionBuckets local;
    private final LocalSessionBuckets statusPace;
    private final Counter checked;
    private final Counter unchecked;
    private final Counter refusedByAddress;
    private final Counter refusedBySession;
    private final Counter refusedLocally;
    private final Counter refusedByStatusPace;
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

    RateLimitFilter(
            TokenBuckets buckets,
            RateLimitProperties limits,
            StatusPaceProperties pace,
            MeterRegistry meters,
            @Value("${spring.data.redis.timeout:250ms}") Duration redisWait) {
        this.buckets = buckets;
        this.redisWait = redisWait;
        this.local = new LocalSessionBuckets(limits);
        this.statusPace = new LocalSessionBuckets(
                pace.burst(),
                pace.perSecond(),
                limits.localMaxSessions(),
                limits.localSweepInterval(),
                System::nanoTime);
        this.checked = Counter.builder("onsale.gateway.ratelimit.checked")
                .description("requests whose limits Redis decided (allowed or refused)")
                .register(meters);
        this.unchecked = Counter.builder("onsale.gateway.ratelimit.unchecked")
                .description("requests let through unlimited because Redis did not answer")
                .register(meters);
        this.refusedByAddress = refusedCounter(meters, "address");
        this.refusedBySession = refusedCounter(meters, "session");
        this.refusedByStatusPace = refusedCounter(meters, "status-pace");
        this.refusedLocally = Counter.builder("onsale.gateway.ratelimit.refused.locally")
                .description("session requests refused with 429 by this replica's pre-check, without asking Redis")
                .register(meters);
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        Verified verified = Verified.of(exchange);
        if (verified.requirement() == Requirement.WEBHOOK
                || verified.requirement() == Requirement.MANAGEMENT
                || verified.requirement() == Requirement.PUBLIC_DOCUMENT) {
            return chain.filter(exchange);
        }
        Optional<UUID> session =
                verified.caller() instanceof Caller.Buyer buyer && verified.requirement() == Requirement.BUYER
                        ? Optional.of(buyer.sessionId())
                        : Optional.empty();
        if (session.isPresent() && isStatusAsk(exchange)) {
            LocalSessionBuckets.Take paced = statusPace.take(session.get());
            if (!paced.allowed()) {
                refusedByStatusPace.increment();
                // answered when the next ask would pass, but never more than a second late: a script that asks
                // again as soon as it is answered is held to about the pace, instead of costing a refusal every few
                // milliseconds, and no answer comes near the gateway's deadline
                return Mono.delay(heldFor(paced.retryAfter()))
                        .publishOn(RequestLoop.of(exchange))
                        .then(Mono.error(Problem.retryable(
                                        ProblemType.RATE_LIMITED,
                                        "this session asks its place in line faster than the waiting room's pace;"
                                                + " ask again after Retry-After, or when the last answer's"
                                                + " pollAfterMs says",
                                        paced.retryAfter())
                                .toException()));
            }
        }
        if (session.isPresent()) {
            LocalSessionBuckets.Take take = local.take(session.get());
            if (!take.allowed()) {
                refusedLocally.increment();
                refusedBySession.increment();
                return Mono.error(refusal("session", take.retryAfter()));
            }
        }
        RateLimitStage.mark(exchange, RateLimitStage.ASKED);
        return buckets.take(clientAddress(exchange), session)
                .timeout(redisWait.multipliedBy(2), RequestLoop.of(exchange))
                .map(verdict -> {
                    RateLimitStage.mark(exchange, RateLimitStage.DECIDED);
                    checked.increment();
                    return verdict.allowed() ? Optional.<TokenBuckets.Verdict>empty() : Optional.of(verdict);
                })
                .onErrorResume(error -> {
                    RateLimitStage.mark(exchange, RateLimitStage.DECIDED);
                    unchecked.increment();
                    warnRarely(error);
                    return Mono.just(Optional.empty());
                })
                .publishOn(RequestLoop.of(exchange))
                .flatMap(refusal -> refusal.isEmpty() ? chain.filter(exchange) : refuse(refusal.get()));
    }

    private Mono<Void> refuse(TokenBuckets.Verdict verdict) {
        ("session".equals(verdict.refusedBy()) ? refusedBySession : refusedByAddress).increment();
        return Mono.error(refusal(verdict.refusedBy(), verdict.retryAfter()));
    }

    private static RuntimeException refusal(String refusedBy, Duration retryAfter) {
        String detail = "session".equals(refusedBy)
                ? "this session sends requests too fast"
                : "this client address sends requests too fast";
        return Problem.retryable(ProblemType.RATE_LIMITED, detail, retryAfter).toException();
    }

    /** How long a status ask refused with {@code retryAfter} is held before its 429: that, at most a second. */
    static Duration heldFor(Duration retryAfter) {
        return retryAfter.compareTo(LONGEST_PACED_WAIT) < 0 ? retryAfter : LONGEST_PACED_WAIT;
    }

    /** {@code GET /api/queue/{eventId}/status}: the ask the status pace is for. */
    private static boolean isStatusAsk(ServerWebExchange exchange) {
        String path = exchange.getRequest().getPath().value();
        return exchange.getRequest().getMethod() == HttpMethod.GET
                && path.startsWith(QUEUE_PREFIX)
                && path.endsWith(STATUS_SUFFIX)
                && path.indexOf('/', QUEUE_PREFIX.length()) == path.length() - STATUS_SUFFIX.length();
    }

    private static String clientAddress(ServerWebExchange exchange) {
        InetSocketAddress remote = exchange.getRequest().getRemoteAddress();
        if (remote == null || remote.getAddress() == null) {
            return "unknown";
        }
        return remote.getAddress().getHostAddress();
    }

    private void warnRarely(Throwable error) {
        long now = System.nanoTime();
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, now)) {
            log.warn("rate limiting unchecked, Redis did not answer: {}", error.toString());
        }
    }

    private static Counter refusedCounter(MeterRegistry meters, String limit) {
        return Counter.builder("onsale.gateway.ratelimit.refused")
                .description("requests refused with 429")
                .tag("limit", limit)
                .register(meters);
    }
}
