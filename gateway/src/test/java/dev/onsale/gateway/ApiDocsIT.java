package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayStubs.BOOKING;
import static dev.onsale.gateway.GatewayStubs.INVENTORY;
import static dev.onsale.gateway.GatewayStubs.PAYMENT;
import static dev.onsale.gateway.GatewayStubs.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The merged OpenAPI document at {@code /api/docs/openapi.json}, from the gateway's own part and one stub document
 * per service: what the gateway answers itself is added to each call, a call it answers itself is taken from its
 * own part, a service that does not answer is named as missing and comes in once it answers, and the document is
 * cached between merges. Also the page that reads it. The real documents are checked against the contract by the
 * system tests.
 */
@GatewayTest
class ApiDocsIT {

    private static final String DOCS = "/v3/api-docs";

    private final TestHttp gateway;

    ApiDocsIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    /** A service's part: one operation answering 200 and the problems given, with a schema of its own. */
    private static String part(String method, String path, String schema, String schemaType, String... statuses) {
        StringBuilder responses = new StringBuilder("\"200\":{\"description\":\"OK\",\"content\":{\"application/json\":"
                + "{\"schema\":{\"$ref\":\"#/components/schemas/" + schema + "\"}}}}");
        for (String status : statuses) {
            responses.append(",\"").append(status).append("\":{\"description\":\"from the service\"}");
        }
        return """
            {"openapi":"3.1.0","info":{"title":"stub","version":"1"},
             "paths":{"%s":{"%s":{"operationId":"op","responses":{%s}}}},
             "components":{"schemas":{"%s":{"type":"%s"},"Unused":{"type":"string"}}}}
            """.formatted(path, method, responses, schema, schemaType);
    }

    private Reply document() {
        return gateway.get("/api/docs/openapi.json").send();
    }

    @Test
    void mergesEveryPartAddsTheGatewaysAnswersAndNamesAPartThatIsMissingUntilItAnswers() {
        QUEUE.answer(
                DOCS,
                StubUpstream.Answer.of(
                        200,
                        "application/json",
                        part("post", "/api/queue/{eventId}/join", "Thing", "object", "404")
                                .replace(
                                        "\"paths\":{",
                                        "\"paths\":{\"/api/queue/{eventId}/progress\":{\"get\":{\"summary\":\"the"
                                                + " queue's own\",\"responses\":{\"200\":{\"description\":\"OK\"}}}},")));
        INVENTORY.answer(
                DOCS,
                StubUpstream.Answer.of(
                        200, "application/json", part("post", "/api/events/{eventId}/holds", "Hold", "object")));
        PAYMENT.answer(
                DOCS,
                StubUpstream.Answer.of(200, "application/json", part("post", "/webhooks/payments", "Thing", "string")));
        BOOKING.answer(DOCS, StubUpstream.Answer.of(503, "application/json", "{}"));

        Reply first = document();

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
        JsonNode merged = first.json();
        JsonNode paths = merged.path("paths");
        assertThat(names(paths))
                .contains(
                        "/api/sessions",
                        "/api/queue/{eventId}/progress",
                        "/admin/events/{eventId}/dashboard",
                        "/api/queue/{eventId}/join",
                        "/api/events/{eventId}/holds",
                        "/webhooks/payments")
                .doesNotContain("/api/docs/openapi.json", "/api/docs/gateway.json");

        JsonNode sessions = paths.path("/api/sessions").path("post");
        assertThat(names(sessions.path("responses")))
                .as("an arrival's join may find no event, a halted sale or a waiting room that does not answer")
                .contains("201", "400", "404", "413", "429", "503")
                .doesNotContain("200");
        assertThat(sessions.path("tags").get(0).asString()).isEqualTo("gateway");
        JsonNode progress = paths.path("/api/queue/{eventId}/progress").path("get");
        assertThat(progress.path("tags").get(0).asString())
                .as("the gateway answers the progress itself")
                .isEqualTo("gateway");
        assertThat(progress.path("summary").isMissingNode()).isTrue();
        assertThat(names(progress.path("responses")))
                .contains("200", "304", "404")
                .doesNotContain("429", "401");
        assertThat(progress.path("responses")
                        .path("404")
                        .path("x-onsale-problems")
                        .get(0)
                        .asString())
                .isEqualTo("event-not-found");

        JsonNode join = paths.path("/api/queue/{eventId}/join").path("post");
        assertThat(join.path("tags").get(0).asString()).isEqualTo("queue-service");
        assertThat(names(join.path("responses"))).contains("200", "401", "403", "404", "413", "429", "503");
        assertThat(join.path("responses").path("404").path("description").asString())
                .isEqualTo("from the service");
        assertThat(join.path("responses").path("503").path("description").asString())
                .isEqualTo("`service-unavailable`: Service unavailable");
        JsonNode webhook = paths.path("/webhooks/payments").path("post");
        assertThat(names(webhook.path("responses")))
                .as("no credentials, no rate limit")
                .doesNotContain("401", "429")
                .contains("503");

        JsonNode schemas = merged.path("components").path("schemas");
        assertThat(names(schemas))
                .contains("Problem", "Thing", "payment-service.Thing", "Hold")
                .doesNotContain("Unused");
        assertThat(webhook.path("responses")
                        .path("200")
                        .path("content")
                        .path("application/json")
                        .path("schema")
                        .path("$ref")
                        .asString())
                .isEqualTo("#/components/schemas/payment-service.Thing");

        assertThat(merged.path("x-onsale-unavailable")).hasSize(1);
        assertThat(merged.path("x-onsale-unavailable").get(0).path("service").asString())
                .isEqualTo("booking-service");
        assertThat(merged.path("x-onsale-unavailable").get(0).path("detail").asString())
                .isEqualTo("answered 503");
        assertThat(merged.path("info").path("description").asString()).contains("Incomplete", "booking-service");

        int queueReads = QUEUE.countAt(DOCS);
        assertThat(document().json().path("x-onsale-unavailable"))
                .as("cached until the retry")
                .hasSize(1);
        assertThat(QUEUE.countAt(DOCS)).isEqualTo(queueReads);

        BOOKING.answer(
                DOCS,
                StubUpstream.Answer.of(
                        200, "application/json", part("get", "/api/orders/{orderId}", "Order", "object", "404")));
        await().atMost(Duration.ofSeconds(15))
                .pollInterval(Duration.ofMillis(500))
                .untilAsserted(() -> {
                    JsonNode complete = document().json();
                    assertThat(complete.path("x-onsale-unavailable")).isEmpty();
                    assertThat(names(complete.path("paths"))).contains("/api/orders/{orderId}");
                    assertThat(names(complete.path("paths")
                                    .path("/api/orders/{orderId}")
                                    .path("get")
                                    .path("responses")))
                            .contains("200", "401", "403", "404", "429", "503")
                            .doesNotContain("413");
                });

        int bookingReads = BOOKING.countAt(DOCS);
        for (int i = 0; i < 3; i++) {
            assertThat(document().status()).isEqualTo(200);
        }
        assertThat(BOOKING.countAt(DOCS))
                .as("a complete document is served from the cache")
                .isEqualTo(bookingReads);
    }

    @Test
    void theServicesDocumentsAreNotRoutedFromOutside() {
        int before = BOOKING.countAt(DOCS) + QUEUE.countAt(DOCS);

        assertThat(gateway.get(DOCS).send().status()).isEqualTo(404);
        assertThat(BOOKING.countAt(DOCS) + QUEUE.countAt(DOCS)).isEqualTo(before);
    }

    @Test
    void thePageReadsTheDocumentWithSwaggerUiFromTheGatewaysOwnFiles() {
        TestHttp browser = gateway.accepting("*/*");
        Reply page = browser.get("/api/docs").send();

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(page.body())
                .contains("/api/docs/swagger-ui/swagger-ui-bundle.js", "/api/docs/start.js")
                .doesNotContain("https://");
        assertThat(browser.get("/api/docs/start.js").send().body()).contains("/api/docs/openapi.json");
        Reply bundle = browser.get("/api/docs/swagger-ui/swagger-ui-bundle.js").send();
        assertThat(bundle.status()).isEqualTo(200);
        assertThat(bundle.body()).contains("SwaggerUIBundle");
        assertThat(browser.get("/api/docs/swagger-ui/pom.properties").send().status())
                .isEqualTo(404);
    }

    private static List<String> names(JsonNode object) {
        return new ArrayList<>(object.propertyNames());
    }
}
