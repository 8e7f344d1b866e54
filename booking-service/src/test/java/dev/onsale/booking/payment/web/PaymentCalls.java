package dev.onsale.booking.payment.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import java.util.UUID;

/** {@code POST /api/orders/{orderId}/payments} as the payment ITs send it, and the checks of a refusal's problem. */
final class PaymentCalls {

    private final TestHttp http;

    PaymentCalls(TestHttp http) {
        this.http = http;
    }

    /** A payment request of {@code session}; no {@code Idempotency-Key} when {@code key} is null. */
    TestHttp.Reply pay(UUID orderId, UUID session, String key, String body) {
        String path = "/api/orders/" + orderId + "/payments";
        return key == null
                ? http.post(path, body).buyer(session).send()
                : http.post(path, body).buyer(session).idempotencyKey(key).send();
    }

    /** A 400 invalid-request naming exactly {@code field}. */
    static void assertInvalid(TestHttp.Reply response, String field) {
        assertProblem(response, 400, "invalid-request");
        assertThat(response.json()
                        .get("errors")
                        .valueStream()
                        .map(e -> e.get("field").asString()))
                .containsExactly(field);
    }

    static void assertProblem(TestHttp.Reply response, int status, String slug) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/" + slug);
    }
}
