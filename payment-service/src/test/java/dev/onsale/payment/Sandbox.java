package dev.onsale.payment;

import static org.awaitility.Awaitility.await;

import dev.onsale.testing.TestHttp;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The payment-sandbox, the acquirer's stand-in, as a real process of its own (its Boot fat jar), started once per
 * test JVM on a free port and stopped with the JVM. Start settings make it quiet (no timeouts, no 5xx, quick
 * decisions, webhooks to nowhere); {@link #reset()} restores them, so each test re-applies what it needs.
 */
public final class Sandbox {

    /** The merchant key both sides use in tests. */
    public static final String MERCHANT_KEY = "sk_test_local";
    /** The webhook signing secret both sides use in tests. */
    public static final String WEBHOOK_SECRET = "whsec_payment_service_it";
    /** Where webhooks go when no endpoint should receive them: nothing listens there. */
    public static final String NOWHERE = "http://127.0.0.1:9/webhooks/payments";

    private static Sandbox shared;

    private final Process process;
    private final TestHttp http;

    private Sandbox(Process process, String url) {
        this.process = process;
        this.http = TestHttp.at(url).timeout(Duration.ofSeconds(10));
    }

    /** The sandbox of this JVM, started on first use. */
    public static synchronized Sandbox shared() {
        if (shared == null) {
            shared = start();
            Runtime.getRuntime().addShutdownHook(new Thread(shared::stop, "sandbox-stop"));
        }
        return shared;
    }

    public String url() {
        return http.baseUrl();
    }

    /** Clears charges, refunds, keys, buckets, traffic and webhooks; back to the start settings. */
    public void reset() {
        expect(http.post("/v1/sandbox/reset", null), 204);
    }

    /** Changes the given runtime settings (names as in the sandbox's Settings record). */
    public void settings(Map<String, ?> changes) {
        expect(http.put("/v1/sandbox/settings", changes), 200);
    }

    /** Money-moving requests per fixed epoch second as the sandbox counted them: accepted plus rate-limited. */
    public Traffic traffic() {
        JsonNode body = expect(http.get("/v1/sandbox/traffic"), 200);
        return new Traffic(perSecond(body.get("acceptedPerSecond")), perSecond(body.get("rejectedPerSecond")));
    }

    /** Every charge of {@code orderId} in the acquirer's ledger. */
    public List<JsonNode> charges(UUID orderId) {
        return ledger("charges", orderId);
    }

    /** The number of charges of each order in the acquirer's ledger. */
    public Map<UUID, Long> chargesByOrder() {
        JsonNode ledger = expect(merchant(http.get("/v1/ledger")), 200);
        Map<UUID, Long> counts = new TreeMap<>();
        ledger.get("charges")
                .forEach(c -> counts.merge(UUID.fromString(c.get("orderId").asString()), 1L, Long::sum));
        return counts;
    }

    /** Every refund of {@code orderId} in the acquirer's ledger. */
    public List<JsonNode> refunds(UUID orderId) {
        return ledger("refunds", orderId);
    }

    /** Creates a charge directly, as a client of the acquirer; returns the charge. */
    public JsonNode charge(String idempotencyKey, UUID orderId, long amountCents, String paymentMethod) {
        Map<String, Object> body = Map.of(
                "orderId",
                orderId.toString(),
                "amountCents",
                amountCents,
                "currency",
                "EUR",
                "paymentMethod",
                paymentMethod);
        return expect(merchant(http.post("/v1/charges", body)).idempotencyKey(idempotencyKey), 202);
    }

    /** The charge as the acquirer shows it now. */
    public JsonNode charge(String chargeId) {
        return expect(merchant(http.get("/v1/charges/" + chargeId)), 200);
    }

    private List<JsonNode> ledger(String kind, UUID orderId) {
        JsonNode ledger = expect(merchant(http.get("/v1/ledger")), 200);
        List<JsonNode> found = new ArrayList<>();
        ledger.get(kind).forEach(entry -> {
            if (orderId.toString().equals(entry.get("orderId").asString())) {
                found.add(entry);
            }
        });
        return found;
    }

    private static TestHttp.Call merchant(TestHttp.Call call) {
        return call.bearer(MERCHANT_KEY);
    }

    private static Map<Long, Long> perSecond(JsonNode counts) {
        Map<Long, Long> perSecond = new TreeMap<>();
        counts.properties()
                .forEach(e ->
                        perSecond.put(Long.parseLong(e.getKey()), e.getValue().asLong()));
        return perSecond;
    }

    /** The answer's body, when the sandbox answered {@code expected}. */
    private static JsonNode expect(TestHttp.Call call, int expected) {
        TestHttp.Reply reply = call.send();
        if (reply.status() != expected) {
            throw new IllegalStateException("sandbox answered " + reply);
        }
        return reply.json();
    }

    private static Sandbox start() {
        String jar = System.getProperty("onsale.test.sandbox-jar");
        if (jar == null || !new File(jar).isFile()) {
            throw new IllegalStateException("payment-sandbox jar not found (" + jar + "): build payment-sandbox first");
        }
        int port = freePort();
        Path log = Path.of("target", "payment-sandbox-" + port + ".log");
        ProcessBuilder builder = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx256m",
                        "-jar",
                        jar,
                        "--server.port=" + port)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        Map<String, String> env = builder.environment();
        env.put("ONSALE_SANDBOX_MERCHANT_KEYS", MERCHANT_KEY);
        env.put("ONSALE_SANDBOX_TPS", "20");
        env.put("ONSALE_SANDBOX_TIMEOUT_SHARE", "0");
        env.put("ONSALE_SANDBOX_SERVER_ERROR_SHARE", "0");
        env.put("ONSALE_SANDBOX_DECISION_DELAY", "20ms");
        env.put("ONSALE_SANDBOX_WEBHOOK_URL", NOWHERE);
        env.put("ONSALE_SANDBOX_WEBHOOK_SECRET", WEBHOOK_SECRET);
        env.put("ONSALE_SANDBOX_WEBHOOK_LOSS_SHARE", "0");
        env.put("ONSALE_SANDBOX_WEBHOOK_MAX_ATTEMPTS", "3");
        env.put("ONSALE_SANDBOX_WEBHOOK_INITIAL_BACKOFF", "200ms");
        env.put("ONSALE_SANDBOX_WEBHOOK_MAX_BACKOFF", "1s");
        env.put("ONSALE_SANDBOX_WEBHOOK_REQUEST_TIMEOUT", "2s");
        Process process;
        try {
            Files.createDirectories(log.getParent());
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Sandbox sandbox = new Sandbox(process, "http://127.0.0.1:" + port);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .ignoreExceptions()
                .until(() -> {
                    if (!process.isAlive()) {
                        throw new IllegalStateException("payment-sandbox exited; see " + log.toAbsolutePath());
                    }
                    return expect(sandbox.http.get("/actuator/health/readiness"), 200)
                            .toString()
                            .contains("UP");
                });
        return sandbox;
    }

    private void stop() {
        process.destroy();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Requests per fixed epoch second. */
    public record Traffic(Map<Long, Long> accepted, Map<Long, Long> rejected) {

        /** Accepted plus rate-limited requests of each second. */
        public Map<Long, Long> total() {
            Map<Long, Long> total = new TreeMap<>(accepted);
            rejected.forEach((second, n) -> total.merge(second, n, Long::sum));
            return total;
        }

        public long sum() {
            return total().values().stream().mapToLong(Long::longValue).sum();
        }

        public long rejectedSum() {
            return rejected.values().stream().mapToLong(Long::longValue).sum();
        }

        public long maxPerSecond() {
            return total().values().stream().mapToLong(Long::longValue).max().orElse(0);
        }
    }
}
