package dev.onsale.sandbox.api;

import static dev.onsale.sandbox.SandboxClient.chargeBody;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.sandbox.SandboxClient;
import dev.onsale.sandbox.SandboxTest;
import dev.onsale.testing.TestHttp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

@SandboxTest
class RateLimitIT {

    private static final int TPS = 20;

    private final SandboxClient sandbox;

    RateLimitIT(SandboxClient sandbox) {
        this.sandbox = sandbox;
    }

    @Test
    void twoHundredRequestsAsFastAsPossibleGetNoMoreThroughThanTheBucketAllowsAndTheRestGet429WithRetryAfter()
            throws Exception {
        sandbox.putSettings(Map.of("tps", TPS));
        long startNanos = System.nanoTime();
        var answers = new ArrayList<TestHttp.Reply>();
        try (var pool = Executors.newFixedThreadPool(32)) {
            var futures = new ArrayList<Future<TestHttp.Reply>>();
            for (int i = 0; i < 200; i++) {
                var orderId = UUID.randomUUID();
                futures.add(
                        pool.submit(() -> sandbox.charge("rate-" + orderId, chargeBody(orderId, 1000, "tok_visa"))));
            }
            for (var future : futures) answers.add(future.get());
        }
        double elapsedSeconds = (System.nanoTime() - startNanos) / 1e9;

        var accepted = answers.stream().filter(a -> a.status() == 202).count();
        var limited = answers.stream().filter(a -> a.status() == 429).toList();
        assertThat(accepted + limited.size()).isEqualTo(200);
        assertThat(limited).allSatisfy(a -> {
            assertThat(Long.parseLong(a.header("Retry-After"))).isBetween(1L, 60L);
            assertThat(a.json().get("error").get("type").asString()).isEqualTo("rate_limit_error");
        });
        // Token bucket, capacity = tps, refill tps/s, starts full: over T seconds at most tps + tps*T get through.
        assertThat(accepted).isGreaterThanOrEqualTo(TPS).isLessThanOrEqualTo((long)
                Math.ceil(TPS + TPS * elapsedSeconds));

        @SuppressWarnings("unchecked")
        Map<String, Integer> perSecond = TestHttp.JSON.convertValue(
                sandbox.get("/v1/sandbox/traffic").json().get("acceptedPerSecond"), Map.class);
        assertThat(perSecond.values()).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(2 * TPS));
        assertThat(perSecond.values().stream().mapToLong(Integer::longValue).sum())
                .isEqualTo(accepted);
        assertThat(sandbox.get("/v1/ledger").json().get("charges")).hasSize((int) accepted);
        System.out.printf(
                "rate limit: %d accepted, %d x 429 in %.3f s; accepted per second %s%n",
                accepted, limited.size(), elapsedSeconds, perSecond);
    }

    @Test
    void onceTheBurstIsSpentAFixedSecondLetsNoMoreThanTheRateThrough() throws Exception {
        sandbox.putSettings(Map.of("tps", TPS));
        startJustAfterASecondBoundary();
        // Drain the burst, then keep firing for a little over two seconds.
        long until = System.nanoTime() + 2_300_000_000L;
        try (var pool = Executors.newFixedThreadPool(8)) {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < 8; w++) {
                workers.add(pool.submit(() -> {
                    while (System.nanoTime() < until) {
                        var orderId = UUID.randomUUID();
                        sandbox.charge("steady-" + orderId, chargeBody(orderId, 1000, "tok_visa"));
                    }
                }));
            }
            for (var worker : workers) worker.get();
        }
        @SuppressWarnings("unchecked")
        Map<String, Integer> perSecond = new java.util.TreeMap<>(TestHttp.JSON.convertValue(
                sandbox.get("/v1/sandbox/traffic").json().get("acceptedPerSecond"), Map.class));
        var seconds = new ArrayList<>(perSecond.values());
        System.out.printf("steady rate limit: accepted per second %s%n", perSecond);
        assertThat(seconds.getFirst()).isLessThanOrEqualTo(2 * TPS);
        // Seconds after the first, with the bucket drained: refill only (+1 for a token straddling the boundary).
        assertThat(seconds.subList(1, seconds.size()))
                .allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(TPS + 1));
    }

    /** Aligns the run with the fixed buckets, so the burst falls wholly into the first one. */
    private static void startJustAfterASecondBoundary() {
        long millis = System.currentTimeMillis() % 1000;
        java.util.concurrent.locks.LockSupport.parkNanos((1050 - millis) % 1000 * 1_000_000L);
    }
}
