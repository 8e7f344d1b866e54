package dev.onsale.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * A request whose rate-limit take never signals (neither a verdict nor the Redis client's timeout) passes unlimited
 * after twice the Redis wait, as when Redis does not answer, instead of waiting for the gateway's deadline.
 */
class RateLimitBackstopTest {

    private static final Duration REDIS_WAIT = Duration.ofMillis(250);

    private final RateLimitProperties limits =
            new RateLimitProperties(20, 10, 2000, 2000, "onsale:gateway:rate:", 2, 100_000, Duration.ofSeconds(10));

    /** Buckets whose every take is a reply that never comes. */
    private final TokenBuckets silent = new TokenBuckets(null, limits, false) {
        @Override
        Mono<Verdict> take(String address, Optional<UUID> session) {
            return Mono.never();
        }
    };

    @Test
    void aTakeThatNeverAnswersLetsTheRequestThroughAfterTwiceTheRedisWait() {
        SimpleMeterRegistry meters = new SimpleMeterRegistry();
        RateLimitFilter filter =
                new RateLimitFilter(silent, limits, new StatusPaceProperties(1, 3), meters, REDIS_WAIT);
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/api/events/e/seats"));
        AtomicBoolean passed = new AtomicBoolean();

        StepVerifier.create(filter.filter(exchange, routed -> {
                    passed.set(true);
                    return Mono.empty();
                }))
                .expectComplete()
                .verify(Duration.ofSeconds(5));

        assertThat(passed).isTrue();
        assertThat(RateLimitStage.of(exchange)).isEqualTo("decided");
        assertThat(meters.counter("onsale.gateway.ratelimit.unchecked").count()).isEqualTo(1);
    }
}
