package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;

class RoutingIT extends GatewayIntegrationTest {

    @Autowired
    MeterRegistry meters;

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
        HttpRequest.Builder request = request(path)
                .method(
                        method,
                        "GET".equals(method) || "DELETE".equals(method)
                                ? BodyPublishers.noBody()
                                : BodyPublishers.ofString("{}"));
        switch (credentials) {
            case "buyer" -> {
                String session = newSession();
                request.header("Authorization", "Bearer " + session);
                if (path.endsWith("/holds")) {
                    request.header("X-Admission-Token", admission(session, id));
                }
            }
            case "admin" -> request.header("Authorization", "Bearer " + ADMIN_TOKEN);
            case "auditor" -> request.header("Authorization", "Bearer " + AUDITOR_TOKEN);
            default -> {}
        }
        HttpResponse<String> response = send(request);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(json(response).get("upstream").asString()).isEqualTo(service);
        StubUpstream stub = Map.of("queue", QUEUE, "inventory", INVENTORY, "booking", BOOKING, "payment", PAYMENT)
                .get(service);
        assertThat(stub.receivedAt(path).method()).isEqualTo(method);
    }

    @Test
    void anUnknownPathIsANotFoundProblem() {
        for (HttpResponse<String> response : java.util.List.of(
                send(request("/nowhere/" + unique())),
                send(request("/api/nothing-here").header("Authorization", "Bearer " + newSession())),
                send(request("/admin/unknown").header("Authorization", "Bearer " + ADMIN_TOKEN)))) {
            assertThat(response.statusCode()).isEqualTo(404);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(json(response).get("type").asString()).isEqualTo("/problems/not-found");
            assertThat(json(response).get("title").asString()).isEqualTo("Not found");
            assertThat(json(response).get("detail").asString()).isNotBlank();
        }
    }

    @Test
    void aWrongMethodOnAGatewayEndpointIsAMethodNotAllowedProblem() {
        HttpResponse<String> response = send(request("/api/sessions"));
        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(json(response).get("type").asString()).isEqualTo("/problems/method-not-allowed");
        assertThat(response.headers().firstValue("Allow")).hasValue("POST");
    }

    @Test
    void theWebhookBodyArrivesByteForByteWithoutCredentials() {
        byte[] body = "{ \"id\" :\"evt_1\",\n\t\"amount\": 5000, \"note\": \"caf\u00e9 \u2603\" }  \r\n"
                .getBytes(StandardCharsets.UTF_8);
        String signature = "t=1767225600,v1=" + "ab".repeat(32) + ",v1=" + "cd".repeat(32);
        HttpResponse<String> response = send(request("/webhooks/payments")
                .header("Content-Type", "application/json")
                .header("Onsale-Signature", signature)
                .header("X-Onsale-Role", "admin")
                .POST(BodyPublishers.ofByteArray(body)));
        assertThat(response.statusCode()).isEqualTo(200);
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
        HttpResponse<String> response = send(request("/webhooks/payments")
                .header("Content-Type", "application/json; charset=utf-8")
                .header("Onsale-Signature", signature)
                .POST(BodyPublishers.ofByteArray(body)));
        assertThat(response.statusCode()).isEqualTo(200);
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
        List<HttpResponse<String>> responses = IntStream.range(0, 60)
                .parallel()
                .mapToObj(i -> send(request("/webhooks/payments")
                        .header("Onsale-Signature", "t=1767225600,v1=" + "ab".repeat(32))
                        .POST(BodyPublishers.ofString("{\"id\":\"evt_" + i + "\"}"))))
                .toList();
        assertThat(responses).extracting(HttpResponse::statusCode).containsOnly(200);
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
            HttpResponse<String> response = send(request("/webhooks/payments")
                    .header("Onsale-Signature", "t=1767225600,v1=" + "ab".repeat(32))
                    .POST(BodyPublishers.ofString("{}")));
            assertThat(response.statusCode()).isEqualTo(400);
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
        HttpResponse<String> response = send(request(path));
        assertThat(response.statusCode()).isEqualTo(404);
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
        HttpResponse<String> response = send(request(path).header("Authorization", "Bearer " + newSession()));
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(json(response).get("type").asString()).isEqualTo("/problems/service-unavailable");
        assertThat(response.body()).doesNotContain("NullPointerException");
    }

    @Test
    void anUpstream503GainsARetryAfterWhenItHasNone() {
        String path = "/api/events/" + unique() + "/holds";
        String problem = "{\"type\":\"/problems/service-unavailable\",\"status\":503}";
        INVENTORY.answer(path, StubUpstream.Answer.of(503, "application/problem+json", problem));
        String session = newSession();
        HttpResponse<String> response = send(request(path)
                .header("Authorization", "Bearer " + session)
                .header("X-Admission-Token", admission(session, path.split("/")[3]))
                .POST(BodyPublishers.ofString("{\"quantity\":2}")));
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(response.body()).isEqualTo(problem);
    }

    @Test
    void aSessionIsCreatedFromAnEmptyOrEmptyObjectBody() {
        for (HttpRequest.BodyPublisher body : java.util.List.of(
                BodyPublishers.noBody(), BodyPublishers.ofString("{}"), BodyPublishers.ofString(" { }\n"))) {
            HttpResponse<String> response = send(request("/api/sessions").POST(body));
            assertThat(response.statusCode()).isEqualTo(201);
            assertThat(json(response).get("sessionToken").asString()).startsWith("s1.");
            Instant expiresAt = Instant.parse(json(response).get("expiresAt").asString());
            assertThat(expiresAt)
                    .isBetween(
                            Instant.now().plus(Duration.ofMinutes(119)),
                            Instant.now().plus(Duration.ofMinutes(121)));
        }
    }

    @Test
    void aSessionRequestWithAnyOtherBodyIsAnInvalidRequestProblem() {
        for (String body : new String[] {"{\"buyer\":\"me\"}", "[]", "not json"}) {
            HttpResponse<String> response = send(request("/api/sessions").POST(BodyPublishers.ofString(body)));
            assertThat(response.statusCode()).isEqualTo(400);
            assertThat(json(response).get("type").asString()).isEqualTo("/problems/invalid-request");
        }
    }

    @Test
    void theProblemPagesServeHtmlAndAnUnknownSlugIsNotFound() {
        HttpResponse<String> page = send(request("/problems/sold-out"));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
        assertThat(page.body()).contains("Sold out");

        HttpResponse<String> unknown = send(request("/problems/no-such-slug"));
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(json(unknown).get("type").asString()).isEqualTo("/problems/not-found");
    }

    @Test
    void aPathThatCouldBeReinterpretedUpstreamIsRefused() {
        HttpResponse<String> response = send(request("/api/events/..;/orders/" + unique() + "/seats"));
        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(json(response).get("type").asString()).isEqualTo("/problems/invalid-request");
    }

    @Test
    void healthHasLivenessAndReadinessIncludingRedisAndMetricsAreTaggedWithTheApplication() {
        assertThat(send(request("/actuator/health/liveness")).body()).contains("\"UP\"");
        HttpResponse<String> readiness = send(request("/actuator/health/readiness"));
        assertThat(readiness.statusCode()).isEqualTo(200);
        assertThat(send(request("/actuator/health")).statusCode()).isEqualTo(200);
        HttpResponse<String> prometheus = send(request("/actuator/prometheus"));
        assertThat(prometheus.statusCode()).isEqualTo(200);
        assertThat(prometheus.body()).contains("application=\"gateway\"");
    }
}
