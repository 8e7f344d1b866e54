package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.ADMIN_TOKEN;
import static dev.onsale.gateway.GatewayCalls.AUDITOR_TOKEN;
import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.BOOKING;
import static dev.onsale.gateway.GatewayStubs.INVENTORY;
import static dev.onsale.gateway.GatewayStubs.PAYMENT;
import static dev.onsale.gateway.GatewayStubs.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

@GatewayTest
class RoutingIT {

    private final TestHttp gateway;

    @Autowired
    MeterRegistry meters;

    RoutingIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @ParameterizedTest(name = "{0} {1} reaches {3}")
    @CsvSource({
        "POST, /api/queue/{id}/join, buyer, queue",
        "GET, /api/queue/{id}/status, buyer, queue",
        "GET, /api/queue/{id}/progress, none, queue",
        "GET, /api/events/{id}/availability, none, inventory",
        "POST, /api/events/{id}/holds, buyer, inventory",
        "GET, /api/events, none, booking",
        "GET, /api/events/{id}, none, booking",
        "GET, /api/events/{id}/seats, none, booking",
        "GET, /api/orders/{id}, buyer, booking",
        "DELETE, /api/orders/{id}, buyer, booking",
        "POST, /api/orders/{id}/payments, buyer, booking",
        "POST, /admin/events, admin, booking",
        "PUT, /admin/events/{id}/admission, admin, queue",
        "POST, /admin/events/{id}/sale/halt, admin, booking",
        "POST, /admin/reconciliation/run, admin, booking",
        "GET, /audit/reconciliation/reports, auditor, booking",
        "GET, /audit/events/{id}/ledger, auditor, booking",
        "POST, /webhooks/payments, none, payment"
    })
    void eachRouteReachesItsService(String method, String template, String credentials, String service) {
        String id = unique();
        String path = template.replace("{id}", id);
        TestHttp.Call request =
                gateway.method(method, path, "GET".equals(method) || "DELETE".equals(method) ? null : "{}");
        switch (credentials) {
            case "buyer" -> {
                String session = newSession(gateway);
                request.bearer(session);
                if (path.endsWith("/holds")) {
                    request.header("X-Admission-Token", AdmissionTokens.issue(session, id));
                }
            }
            case "admin" -> request.bearer(ADMIN_TOKEN);
            case "auditor" -> request.bearer(AUDITOR_TOKEN);
            default -> {}
        }
        Reply response = request.send();
        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(response.json().get("upstream").asString()).isEqualTo(service);
        StubUpstream stub = Map.of("queue", QUEUE, "inventory", INVENTORY, "booking", BOOKING, "payment", PAYMENT)
                .get(service);
        assertThat(stub.receivedAt(path).method()).isEqualTo(method);
    }

    @Test
    void forwardedRequestsAreCarriedOnTheUpstreamEventLoopsNotTheBuyersOnes() {
        assertThat(gateway.get("/api/events").send().status()).isEqualTo(200);

        // the server's loops read the buyers' requests; the services' answers are read on loops of their own, so
        // that under a burst an answer already there does not wait behind new buyers' requests
        assertThat(Thread.getAllStackTraces().keySet())
                .extracting(Thread::getName)
                .anyMatch(name -> name.startsWith("onsale-upstream-"));
    }

    @Test
    void anUnknownPathIsANotFoundProblem() {
        for (Reply response : List.of(
                gateway.get("/nowhere/" + unique()).send(),
                gateway.get("/api/nothing-here").bearer(newSession(gateway)).send(),
                gateway.get("/admin/unknown").bearer(ADMIN_TOKEN).send())) {
            assertThat(response.status()).isEqualTo(404);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(response.json().get("type").asString()).isEqualTo("/problems/not-found");
            assertThat(response.json().get("title").asString()).isEqualTo("Not found");
            assertThat(response.json().get("detail").asString()).isNotBlank();
        }
    }

    @Test
    void aWrongMethodOnAGatewayEndpointIsAMethodNotAllowedProblem() {
        Reply response = gateway.get("/api/sessions").send();
        assertThat(response.status()).isEqualTo(405);
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/method-not-allowed");
        assertThat(response.headers().firstValue("Allow")).hasValue("POST");
    }

    @Test
    void theWebhookBodyArrivesByteForByteWithoutCredentials() {
        byte[] body = "{ \"id\" :\"evt_1\",\n\t\"amount\": 5000, \"note\": \"caf\u00e9 \u2603\" }  \r\n"
                .getBytes(StandardCharsets.UTF_8);
        String signature = "t=1767225600,v1=" + "ab".repeat(32) + ",v1=" + "cd".repeat(32);
        Reply response = gateway.post("/webhooks/payments", null)
                .header("Content-Type", "application/json")
                .header("Onsale-Signature", signature)
                .header("X-Onsale-Role", "admin")
                .body(BodyPublishers.ofByteArray(body))
                .send();
        assertThat(response.status()).isEqualTo(200);
        StubUpstream.Received received = PAYMENT.receivedAt("/webhooks/payments");
        assertThat(received.body()).isEqualTo(body);
        assertThat(received.header("Onsale-Signature")).isEqualTo(signature);
        assertThat(received.hasHeader("X-Onsale-Role")).isFalse();
    }

    @Test
    void theWebhookBodyIsPassedAsBytesEvenWhenTheyAreNotText() {
        byte[] json = "{\"id\":\"evt_2\",\"note\":\"\ud83c\udfab\"}".getBytes(StandardCharsets.UTF_8);
        byte[] body = new byte[json.length + 7];
        byte[] odd = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, (byte) 0xC3, (byte) 0x28, (byte) 0xFF, 0x00};
        System.arraycopy(odd, 0, body, 0, odd.length);
        System.arraycopy(json, 0, body, odd.length, json.length);
        String signature = "t=1767225600,v1=" + "0f".repeat(32);
        Reply response = gateway.post("/webhooks/payments", null)
                .header("Content-Type", "application/json; charset=utf-8")
                .header("Onsale-Signature", signature)
                .body(BodyPublishers.ofByteArray(body))
                .send();
        assertThat(response.status()).isEqualTo(200);
        StubUpstream.Received received = PAYMENT.receivedAt("/webhooks/payments");
        assertThat(received.body()).isEqualTo(body);
        assertThat(received.header("Onsale-Signature")).isEqualTo(signature);
        assertThat(received.header("Content-Type")).isEqualTo("application/json; charset=utf-8");
    }

    @Test
    void theWebhookNeedsNoSessionAndIsNotRateLimited() {
        double checked =
                meters.get("onsale.gateway.ratelimit.checked").counter().count();
        double unchecked =
                meters.get("onsale.gateway.ratelimit.unchecked").counter().count();
        List<Reply> responses = IntStream.range(0, 60)
                .parallel()
                .mapToObj(i -> gateway.post("/webhooks/payments", "{\"id\":\"evt_" + i + "\"}")
                        .header("Onsale-Signature", "t=1767225600,v1=" + "ab".repeat(32))
                        .send())
                .toList();
        assertThat(responses).extracting(Reply::status).containsOnly(200);
        assertThat(meters.get("onsale.gateway.ratelimit.checked").counter().count())
                .isEqualTo(checked);
        assertThat(meters.get("onsale.gateway.ratelimit.unchecked").counter().count())
                .isEqualTo(unchecked);
    }

    @Test
    void aWebhookRefusalByThePaymentServiceReachesTheProviderUnchanged() {
        String problem = "{\"type\":\"/problems/webhook-signature-invalid\","
                + "\"title\":\"Webhook signature invalid\",\"status\":400,"
                + "\"detail\":\"No v1 value of Onsale-Signature is the signature of this body\"}";
        PAYMENT.answer("/webhooks/payments", StubUpstream.Answer.of(400, "application/problem+json", problem));
        try {
            Reply response = gateway.post("/webhooks/payments", "{}")
                    .header("Onsale-Signature", "t=1767225600,v1=" + "ab".repeat(32))
                    .send();
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(response.body()).isEqualTo(problem);
        } finally {
            PAYMENT.answer(
                    "/webhooks/payments",
                    StubUpstream.Answer.of(200, "application/json", "{\"upstream\":\"payment\"}"));
        }
    }

    @Test
    void anUpstreamProblemPassesThroughUnchanged() {
        String path = "/api/events/" + unique();
        String problem = "{\"type\":\"/problems/event-not-found\",\"title\":\"Not found\",\"status\":404,"
                + "\"detail\":\"no event " + path + "\"}";
        BOOKING.answer(path, StubUpstream.Answer.of(404, "application/problem+json", problem));
        Reply response = gateway.get(path).send();
        assertThat(response.status()).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.body()).isEqualTo(problem);
    }

    @Test
    void anUpstreamFailureOtherThan503IsShownAs503WithRetryAfter() {
        String path = "/api/orders/" + unique();
        BOOKING.answer(
                path,
                StubUpstream.Answer.of(
                        500,
                        "application/problem+json",
                        "{\"type\":\"/problems/internal-error\",\"status\":500,\"detail\":\"java.lang.NullPointerException\"}"));
        Reply response = gateway.get(path).bearer(newSession(gateway)).send();
        assertThat(response.status()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/service-unavailable");
        assertThat(response.body()).doesNotContain("NullPointerException");
    }

    @Test
    void anUpstream503GainsARetryAfterWhenItHasNone() {
        String path = "/api/events/" + unique() + "/holds";
        String problem = "{\"type\":\"/problems/service-unavailable\",\"status\":503}";
        INVENTORY.answer(path, StubUpstream.Answer.of(503, "application/problem+json", problem));
        String session = newSession(gateway);
        Reply response = gateway.post(path, "{\"quantity\":2}")
                .bearer(session)
                .header("X-Admission-Token", AdmissionTokens.issue(session, path.split("/")[3]))
                .send();
        assertThat(response.status()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.body()).isEqualTo(problem);
    }

    @Test
    void aSessionIsCreatedFromAnEmptyOrEmptyObjectBody() {
        for (Reply response : List.of(
                gateway.post("/api/sessions", null).send(),
                gateway.post("/api/sessions", "{}").send(),
                gateway.post("/api/sessions", " { }\n").send())) {
            assertThat(response.status()).isEqualTo(201);
            assertThat(response.json().get("sessionToken").asString()).startsWith("s1.");
            Instant expiresAt = Instant.parse(response.json().get("expiresAt").asString());
            assertThat(expiresAt)
                    .isBetween(
                            Instant.now().plus(Duration.ofMinutes(119)),
                            Instant.now().plus(Duration.ofMinutes(121)));
        }
    }

    @Test
    void aSessionRequestWithAnyOtherBodyIsAnInvalidRequestProblem() {
        for (String body : new String[] {"{\"buyer\":\"me\"}", "[]", "not json"}) {
            Reply response = gateway.post("/api/sessions", body).send();
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.json().get("type").asString()).isEqualTo("/problems/invalid-request");
        }
    }

    @Test
    void theProblemPagesServeHtmlAndAnUnknownSlugIsNotFound() {
        TestHttp browser = gateway.accepting("*/*");
        Reply page = browser.get("/problems/sold-out").send();
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
        assertThat(page.body()).contains("Sold out");

        Reply unknown = browser.get("/problems/no-such-slug").send();
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("type").asString()).isEqualTo("/problems/not-found");
    }

    @Test
    void aPathThatCouldBeReinterpretedUpstreamIsRefused() {
        Reply response =
                gateway.get("/api/events/..;/orders/" + unique() + "/seats").send();
        assertThat(response.status()).isEqualTo(400);
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/invalid-request");
    }

    @Test
    void healthHasLivenessAndReadinessIncludingRedisAndMetricsAreTaggedWithTheApplication() {
        assertThat(gateway.get("/actuator/health/liveness").send().body()).contains("\"UP\"");
        Reply readiness = gateway.get("/actuator/health/readiness").send();
        assertThat(readiness.status()).isEqualTo(200);
        assertThat(gateway.get("/actuator/health").send().status()).isEqualTo(200);
        Reply prometheus = withThreadsOnTimeout(
                () -> gateway.accepting("*/*").get("/actuator/prometheus").send());
        assertThat(prometheus.status()).isEqualTo(200);
        assertThat(prometheus.body()).contains("application=\"gateway\"");
    }

    /**
     * {@code call}'s reply; if it gets none in time, fails with every thread of this JVM (the gateway's among them) in
     * the message: a scrape once went unanswered for 30 s right after start-up, and the dump shows where it waited.
     */
    private static Reply withThreadsOnTimeout(Supplier<Reply> call) {
        try {
            return call.get();
        } catch (UncheckedIOException e) {
            if (!(e.getCause() instanceof HttpTimeoutException)) {
                throw e;
            }
            StringBuilder threads = new StringBuilder();
            for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
                threads.append(info.getThreadName())
                        .append(' ')
                        .append(info.getThreadState())
                        .append('\n');
                for (StackTraceElement frame : info.getStackTrace()) {
                    threads.append("    at ").append(frame).append('\n');
                }
            }
            throw new AssertionError(e.getMessage() + "; the threads then:\n" + threads, e);
        }
    }
}
