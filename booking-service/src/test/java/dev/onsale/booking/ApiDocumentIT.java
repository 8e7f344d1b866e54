package dev.onsale.booking;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.booking.event.SaleAction;
import dev.onsale.booking.payment.PaymentRequest;
import dev.onsale.testing.TestHttp;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** Booking's part of the OpenAPI document says what the handlers take, also where they read raw bytes or a string. */
@BookingServiceTest
class ApiDocumentIT {

    @LocalServerPort
    int port;

    private JsonNode document() {
        TestHttp.Reply reply = TestHttp.at(port).get("/v3/api-docs").send();
        assertThat(reply.status()).isEqualTo(200);
        return reply.json();
    }

    @Test
    void theSaleActionsAreTheEnumsPathNames() {
        JsonNode parameters = document()
                .path("paths")
                .path("/admin/events/{eventId}/sale/{action}")
                .path("post")
                .path("parameters");
        JsonNode action = null;
        for (JsonNode parameter : parameters) {
            if ("action".equals(parameter.path("name").asString())) {
                action = parameter;
            }
        }

        assertThat(action).as("the {action} parameter in %s", parameters).isNotNull();
        assertThat(action.path("in").asString()).isEqualTo("path");
        assertThat(action.path("schema").path("enum").valueStream().map(JsonNode::asString))
                .containsExactlyElementsOf(SaleAction.pathNames());
    }

    @Test
    void thePaymentBodyIsDocumentedAsTheJsonItIsParsedAs() {
        JsonNode document = document();
        JsonNode body = document.path("paths")
                .path("/api/orders/{orderId}/payments")
                .path("post")
                .path("requestBody");

        assertThat(body.path("required").asBoolean()).isTrue();
        String ref = body.path("content")
                .path("application/json")
                .path("schema")
                .path("$ref")
                .asString();
        assertThat(ref).as("the body's schema in %s", body).startsWith("#/components/schemas/");
        JsonNode schema = document.path("components").path("schemas").path(ref.substring(ref.lastIndexOf('/') + 1));
        assertThat(schema.path("properties").propertyNames()).containsExactly("paymentMethod");
        assertThat(schema.path("required").valueStream().map(JsonNode::asString))
                .containsExactly("paymentMethod");
        assertThat(schema.path("properties")
                        .path("paymentMethod")
                        .path("pattern")
                        .asString())
                .isEqualTo(PaymentRequest.TOKEN_PATTERN);
    }

    @Test
    void anOrdersDeadlineAndFailureReasonAreDocumentedAsOptional() {
        JsonNode document = document();
        JsonNode order = schemaOf(
                document,
                document.path("paths")
                        .path("/api/orders/{orderId}")
                        .path("get")
                        .path("responses")
                        .path("200"));

        assertThat(order.path("properties").propertyNames()).contains("expiresAt", "failureReason");
        assertThat(order.path("required").valueStream().map(JsonNode::asString))
                .doesNotContain("expiresAt", "failureReason");
        assertThat(order.path("properties")
                        .path("expiresAt")
                        .path("description")
                        .asString())
                .contains("HELD", "PAYMENT_PENDING");
        assertThat(order.path("properties")
                        .path("failureReason")
                        .path("description")
                        .asString())
                .contains("PAYMENT_FAILED");
    }

    @Test
    void thePaymentAnswerIsDocumentedWithItsOptionalFailureReason() {
        JsonNode document = document();
        JsonNode responses = document.path("paths")
                .path("/api/orders/{orderId}/payments")
                .path("post")
                .path("responses");
        assertThat(responses.propertyNames().stream().filter(status -> status.startsWith("2")))
                .containsExactly("202");
        JsonNode answer = schemaOf(document, responses.path("202"));

        assertThat(answer.path("properties").propertyNames())
                .containsExactlyInAnyOrder("paymentId", "status", "failureReason");
        assertThat(answer.path("required").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder("paymentId", "status");
        assertThat(answer.path("properties")
                        .path("status")
                        .path("enum")
                        .valueStream()
                        .map(JsonNode::asString))
                .containsExactly("PROCESSING", "SUCCEEDED", "FAILED", "REFUND_PENDING", "REFUNDED");
    }

    /** The JSON schema a response refers to, followed through its {@code $ref}. */
    private static JsonNode schemaOf(JsonNode document, JsonNode response) {
        String ref = response.path("content")
                .path("application/json")
                .path("schema")
                .path("$ref")
                .asString();
        assertThat(ref).as("the answer's schema in %s", response).startsWith("#/components/schemas/");
        return document.path("components").path("schemas").path(ref.substring(ref.lastIndexOf('/') + 1));
    }
}
