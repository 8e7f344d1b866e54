package dev.onsale.benchmarks;

import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.GatewaySignature.Claims;
import dev.onsale.common.token.GatewaySignature.Outcome;
import dev.onsale.common.token.HmacSigner;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What the trust boundary costs per request, in this JVM: the gateway signing a hold's identity (buyer, admission,
 * deadline, method, path), a service verifying it (with one key, and with a previous key during a rotation), and
 * the raw HMAC-SHA256 of the same bytes with a reused {@link Mac} as the floor. Single-threaded, after a warm-up;
 * each figure is the best of {@code rounds} rounds.
 */
final class IdentityBenchmark {

    private final int iterations;
    private final int rounds;
    private long sink;

    IdentityBenchmark(Options options) {
        this.iterations = options.number("iterations", 500_000);
        this.rounds = options.number("rounds", 5);
    }

    void run() throws Exception {
        String key = randomKey();
        String previous = randomKey();
        HmacSigner gateway = new HmacSigner(key);
        var service = new GatewaySignature(new HmacSigner(key), Duration.ofSeconds(30), Duration.ofSeconds(5));
        var rotating = new GatewaySignature(
                new HmacSigner(key, List.of(previous)), Duration.ofSeconds(30), Duration.ofSeconds(5));
        Claims claims = new Claims(
                "POST",
                "/api/events/" + UUID.randomUUID() + "/holds",
                UUID.randomUUID().toString(),
                null,
                UUID.randomUUID().toString(),
                Long.toString(System.currentTimeMillis() + 9_000));
        Instant now = Instant.now();
        String header = GatewaySignature.sign(gateway, claims, now);
        if (service.verify(header, claims, now) != Outcome.VALID
                || rotating.verify(header, claims, now) != Outcome.VALID) {
            throw new IllegalStateException("the benchmark's own signature does not verify");
        }
        byte[] text = ("onsale-identity-v1\n" + now.toEpochMilli() + "\n" + claims.method() + "\n" + claims.path()
                        + "\n" + claims.buyer() + "\n\n" + claims.admission() + "\n" + claims.deadline())
                .getBytes(StandardCharsets.UTF_8);
        Mac reused = Mac.getInstance("HmacSHA256");
        reused.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));

        System.out.printf(
                Locale.ROOT,
                "identity signature, %d iterations x %d rounds (best round), %d cores, %s%n",
                iterations,
                rounds,
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.version"));
        double raw =
                measure("raw HMAC-SHA256 of the same bytes, reused Mac (floor)", () -> sink += reused.doFinal(text)[0]);
        double sign = measure(
                "gateway: sign a hold's identity",
                () -> sink += GatewaySignature.sign(gateway, claims, now).length());
        double verify = measure(
                "service: verify it (one key)",
                () -> sink += service.verify(header, claims, now).ordinal());
        double verifyRotating = measure(
                "service: verify it during a rotation (two keys)",
                () -> sink += rotating.verify(header, claims, now).ordinal());
        double forged = measure(
                "service: refuse a forged one (one key)",
                () -> sink += service.verify(
                                header, new Claims("GET", claims.path(), claims.buyer(), null, null, null), now)
                        .ordinal());
        System.out.printf(
                Locale.ROOT,
                "verify / raw HMAC: %.2f; sign / raw HMAC: %.2f; verify during a rotation / verify: %.2f;"
                        + " refusal / verify: %.2f%n",
                verify / raw,
                sign / raw,
                verifyRotating / verify,
                forged / verify);
        System.out.printf(
                Locale.ROOT,
                "per request the boundary costs %.1f us of CPU (gateway sign + service verify)%n",
                (sign + verify) / 1000);
        if (sink == 42) {
            System.out.println();
        }
    }

    private double measure(String name, Runnable op) {
        for (int i = 0; i < iterations / 2; i++) {
            op.run();
        }
        double best = Double.MAX_VALUE;
        for (int round = 0; round < rounds; round++) {
            long started = System.nanoTime();
            for (int i = 0; i < iterations; i++) {
                op.run();
            }
            best = Math.min(best, (System.nanoTime() - started) / (double) iterations);
        }
        System.out.printf(Locale.ROOT, "  %-55s %8.0f ns/op  (%,.0f per second on one core)%n", name, best, 1e9 / best);
        return best;
    }

    private static String randomKey() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return HexFormat.of().formatHex(key);
    }
}
