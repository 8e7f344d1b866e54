package dev.onsale.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LocalSessionBucketsTest {

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final UUID session = UUID.randomUUID();

    @Test
    void aSessionWithinItsSharedBurstIsNeverRefusedLocally() {
        LocalSessionBuckets local = buckets(20, 10, 2, 100);
        assertThat(IntStream.range(0, 20).mapToObj(i -> local.take(session)))
                .allMatch(LocalSessionBuckets.Take::allowed);
    }

    @Test
    void aFloodBeyondTheLocalBurstIsRefusedWithTheWaitForTheNextToken() {
        LocalSessionBuckets local = buckets(20, 10, 2, 100);
        long allowed = IntStream.range(0, 100)
                .filter(i -> local.take(session).allowed())
                .count();
        assertThat(allowed).isEqualTo(40);
        LocalSessionBuckets.Take refused = local.take(session);
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.retryAfter()).isEqualTo(Duration.ofMillis(100));
    }

    @Test
    void aSpentBucketRefillsAtTheSessionRate() {
        LocalSessionBuckets local = buckets(1, 10, 1, 100);
        assertThat(local.take(session).allowed()).isTrue();
        assertThat(local.take(session).allowed()).isFalse();
        now.addAndGet(Duration.ofMillis(100).toNanos());
        assertThat(local.take(session).allowed()).isTrue();
    }

    @Test
    void bucketsThatRefilledToTheBrimAreDroppedAtTheNextSweep() {
        LocalSessionBuckets local = buckets(2, 10, 1, 100);
        local.take(session);
        local.take(UUID.randomUUID());
        assertThat(local.trackedSessions()).isEqualTo(2);
        now.addAndGet(Duration.ofSeconds(11).toNanos());
        local.take(session);
        assertThat(local.trackedSessions()).isEqualTo(1);
    }

    @Test
    void sessionsBeyondTheTrackedMaximumAreLeftToRedis() {
        LocalSessionBuckets local = buckets(1, 0.001, 1, 2);
        local.take(UUID.randomUUID());
        local.take(UUID.randomUUID());
        assertThat(IntStream.range(0, 10).mapToObj(i -> local.take(session)))
                .allMatch(LocalSessionBuckets.Take::allowed);
        assertThat(local.trackedSessions()).isEqualTo(2);
    }

    private LocalSessionBuckets buckets(int sessionBurst, double sessionPerSecond, double factor, int maxSessions) {
        return new LocalSessionBuckets(
                new RateLimitProperties(
                        sessionBurst,
                        sessionPerSecond,
                        1000,
                        1000,
                        "unused:",
                        factor,
                        maxSessions,
                        Duration.ofSeconds(10)),
                now::get);
    }
}
