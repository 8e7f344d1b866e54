package dev.onsale.payment.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.engines.Engines;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.JedisPooled;

/** The shared pace against the real Redis: two limiters stand for two replicas sharing one schedule key. */
@ExtendWith(EmbeddedEnginesExtension.class)
class ProviderLimiterIT {

    JedisPooled redis;
    String key;

    @BeforeEach
    void setUp(Engines engines) {
        URI uri = URI.create(engines.redisUrl());
        redis = new JedisPooled(uri.getHost(), uri.getPort());
        key = "test:provider-schedule:" + UUID.randomUUID();
    }

    @AfterEach
    void tearDown() {
        redis.close();
    }

    @Test
    void slotsReservedConcurrentlyByTwoReplicasAreNeverCloserThanOneIntervalOfThePacedRate() throws Exception {
        ProviderLimiter first = limiter(50, Duration.ofSeconds(30));
        ProviderLimiter second = limiter(50, Duration.ofSeconds(30));
        long intervalMicros = (long) Math.ceil(1_000_000 / (50 * 0.95));
        List<Long> slots = Collections.synchronizedList(new ArrayList<>());

        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                ProviderLimiter limiter = t % 2 == 0 ? first : second;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 25; i++) {
                        ProviderLimiter.Reservation reservation = limiter.reserve();
                        assertThat(reservation.granted()).isTrue();
                        slots.add(reservation.slotMicros());
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }

        List<Long> sorted = slots.stream().sorted().toList();
        assertThat(sorted).hasSize(200).doesNotHaveDuplicates();
        for (int i = 1; i < sorted.size(); i++) {
            assertThat(sorted.get(i) - sorted.get(i - 1)).isGreaterThanOrEqualTo(intervalMicros);
        }
    }

    @Test
    void aSlotFurtherAheadThanTheMaximumWaitIsNotReservedAndTheAnswerSaysWhenToAskAgain() {
        ProviderLimiter patient = limiter(10, Duration.ofSeconds(5));
        ProviderLimiter hurried = limiter(10, Duration.ofMillis(150));
        for (int i = 0; i < 5; i++) {
            assertThat(patient.reserve().granted()).isTrue();
        }

        ProviderLimiter.Reservation refused = hurried.reserve();
        ProviderLimiter.Reservation next = patient.reserve();

        assertThat(refused.granted()).isFalse();
        assertThat(refused.delay()).isPositive().isLessThanOrEqualTo(Duration.ofMillis(500));
        assertThat(next.granted()).isTrue();
        assertThat(next.slotMicros()).as("the refused caller took no slot").isEqualTo(refused.slotMicros());
    }

    @Test
    void callersReleasedByTheLimiterNeverExceedTheLimitInAnySlidingSecond() throws Exception {
        ProviderLimiter first = limiter(20, Duration.ofSeconds(1));
        ProviderLimiter second = limiter(20, Duration.ofSeconds(1));
        List<Long> released = Collections.synchronizedList(new ArrayList<>());

        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                ProviderLimiter limiter = t % 2 == 0 ? first : second;
                done.add(threads.submit(() -> {
                    for (int i = 0; i < 12; i++) {
                        limiter.awaitSlot();
                        released.add(System.nanoTime());
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        }

        List<Long> sorted = released.stream().sorted().toList();
        assertThat(sorted).hasSize(48);
        for (int i = 0; i + 20 < sorted.size(); i++) {
            assertThat(sorted.get(i + 20) - sorted.get(i))
                    .as("21 releases span more than a second")
                    .isGreaterThan(Duration.ofSeconds(1).toNanos());
        }
    }

    private ProviderLimiter limiter(int tps, Duration maxWait) {
        ProviderProperties properties = new ProviderProperties(
                URI.create("http://localhost:1"),
                "sk_test",
                tps,
                Duration.ofSeconds(2),
                Duration.ofSeconds(1),
                new ProviderProperties.Limiter(0.95, maxWait, Duration.ofMillis(20), key),
                new ProviderProperties.Breaker(50, 20, 10, Duration.ofSeconds(5), 3));
        return new ProviderLimiter(redis, properties, () -> {});
    }
}
