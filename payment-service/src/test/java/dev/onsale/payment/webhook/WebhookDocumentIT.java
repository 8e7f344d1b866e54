package dev.onsale.payment.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.payment.PaymentServiceTest;
import dev.onsale.testing.TestHttp;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/** The provider's callback reads raw bytes, and its part of the OpenAPI document still says what they are. */
@PaymentServiceTest
class WebhookDocumentIT {

    @LocalServerPort
    int port;

    @Test
    void theWebhookBodyIsDocumentedAsTheProvidersEvent() {
        TestHttp.Reply reply = TestHttp.at(port).get("/v3/api-docs").send();
        assertThat(reply.status()).isEqualTo(200);
        JsonNode document = reply.json();
        JsonNode body =
                document.path("paths").path("/webhooks/payments").path("post").path("requestBody");

        assertThat(body.path("required").asBoolean())
                .as("the request body in %s", body)
                .isTrue();
        String ref = body.path("content")
                .path("application/json")
                .path("schema")
                .path("$ref")
                .asString();
        assertThat(ref).as("the body's schema in %s", body).startsWith("#/components/schemas/");
        JsonNode schema = document.path("components").path("schemas").path(ref.substring(ref.lastIndexOf('/') + 1));
        assertThat(schema.path("properties").propertyNames())
                .containsExactlyInAnyOrder("id", "type", "created", "data");
        assertThat(schema.path("required").valueStream().map(JsonNode::asString))
                .containsExactlyInAnyOrder("id", "type", "created", "data");
        assertThat(document.path("paths")
                        .path("/webhooks/payments")
                        .path("post")
                        .path("responses")
                        .propertyNames())
                .as("the signature's refusals and a malformed event's 400")
                .contains("200", "400");
    }
}
