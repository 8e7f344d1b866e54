package dev.onsale.payment.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.engines.Engines;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.JedisPooled;

/**
 * The acquirer's errors of the last minute, as every replica counts them into the real Redis: what counts, what
 * falls out of the window, and that two replicas add up. Each test works at its own far-off time, so that its
 * seconds' keys are its own.
 */
@ExtendWith(EmbeddedEnginesExtension.class)
class ProviderErrorsIT {

    JedisPooled redis;

    @BeforeEach
    void setUp(Engines engines) {
        URI uri = URI.create(engines.redisUrl());
        redis = new JedisPooled(uri.getHost(), uri.getPort());
    }

    @AfterEach
    void tearDown() {
        redis.close();
    }

    private ProviderErrors at(Instant instant) {
        return new ProviderErrors(redis, Clock.fixed(instant, ZoneOffset.UTC));
    }

    @Test
    void everyCallTheAcquirerDidNotAcceptCountsAndAcceptedOrUnmadeCallsDoNot() {
        Instant now = Instant.parse("2031-03-01T10:00:00Z");
        ProviderErrors replica = at(now);
        for (Outcome outcome : Outcome.values()) {
            replica.record(outcome);
        }
        replica.record(Outcome.RATE_LIMITED);

        ProviderErrors.LastMinute minute = replica.lastMinute();
        assertThat(minute.byOutcome())
                .isEqualTo(Map.of(
                        "rate_limited",
                        2L,
                        "timeout",
                        1L,
                        "server_error",
                        1L,
                        "unauthorized",
                        1L,
                        "try_again",
                        1L,
                        "rejected",
                        1L));
        assertThat(minute.total()).isEqualTo(7);
    }

    @Test
    void twoReplicasAddUpAndAnErrorOlderThanAMinuteNoLongerCounts() {
        Instant now = Instant.parse("2032-07-01T10:00:00Z");
        at(now.minus(Duration.ofSeconds(60))).record(Outcome.TIMEOUT); // just outside the window
        at(now.minus(Duration.ofSeconds(59))).record(Outcome.SERVER_ERROR); // its first second
        at(now).record(Outcome.RATE_LIMITED);
        at(now.plusMillis(900)).record(Outcome.RATE_LIMITED); // another replica, the same second

        ProviderErrors.LastMinute minute = at(now.plusMillis(950)).lastMinute();
        assertThat(minute.byOutcome()).isEqualTo(Map.of("rate_limited", 2L, "server_error", 1L));
        assertThat(minute.total()).isEqualTo(3);
        assertThat(at(now.plus(Duration.ofSeconds(61))).lastMinute().total()).isZero();
        assertThat(redis.ttl("payment:provider:errors:" + now.getEpochSecond())).isBetween(1L, 90L);
    }
}
