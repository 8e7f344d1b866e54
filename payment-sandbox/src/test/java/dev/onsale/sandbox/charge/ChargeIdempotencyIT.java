package dev.onsale.sandbox.charge;

import static dev.onsale.sandbox.SandboxClient.chargeBody;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.sandbox.SandboxClient;
import dev.onsale.sandbox.SandboxTest;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

@SandboxTest
class ChargeIdempotencyIT {

    private final SandboxClient sandbox;

    ChargeIdempotencyIT(SandboxClient sandbox) {
        this.sandbox = sandbox;
    }

    @Test
    void fiftyConcurrentSubmissionsWithOneKeyCreateExactlyOneChargeAndAllAnswersCarryItsId() throws Exception {
        var orderId = UUID.randomUUID();
        var body = chargeBody(orderId, 5000, "tok_visa");
        var start = new CountDownLatch(1);
        var calls = new ArrayList<Callable<TestHttp.Reply>>();
        for (int i = 0; i < 50; i++) {
            calls.add(() -> {
                start.await();
                return sandbox.charge("pay-" + orderId, body);
            });
        }
        try (var pool = Executors.newFixedThreadPool(50)) {
            var futures = calls.stream().map(pool::submit).toList();
            start.countDown();
            var ids = new java.util.HashSet<String>();
            for (var future : futures) {
                var answer = future.get();
                assertThat(answer.status()).isEqualTo(202);
                ids.add(answer.json().get("id").asString());
            }
            assertThat(ids).hasSize(1);
            assertThat(ids.iterator().next()).startsWith("ch_");
        }
        assertThat(sandbox.get("/v1/ledger").json().get("charges")).hasSize(1);
        assertThat(sandbox.chargesFor(orderId)).hasSize(1);
    }

    @Test
    void sameKeyAndSameBodyReplaysTheFirstAnswer() {
        var body = chargeBody(UUID.randomUUID(), 1200, "tok_visa");
        var first = sandbox.charge("k-replay", body);
        var second = sandbox.charge("k-replay", body);
        assertThat(first.status()).isEqualTo(202);
        assertThat(second.status()).isEqualTo(202);
        assertThat(second.json()).isEqualTo(first.json());
        assertThat(first.json().get("status").asString()).isEqualTo("PENDING");
    }

    @Test
    void sameKeyWithAnotherBodyIsRefusedWith422AndCreatesNothing() {
        var orderId = UUID.randomUUID();
        assertThat(sandbox.charge("k-reused", chargeBody(orderId, 1000, "tok_visa"))
                        .status())
                .isEqualTo(202);
        var reused = sandbox.charge("k-reused", chargeBody(orderId, 2000, "tok_visa"));
        assertThat(reused.status()).isEqualTo(422);
        assertThat(reused.json().get("error").get("type").asString()).isEqualTo("idempotency_error");
        assertThat(sandbox.get("/v1/ledger").json().get("charges")).hasSize(1);
    }

    @Test
    void aChargeWithoutIdempotencyKeyIsRefusedWith400() {
        var answer = sandbox.charge(null, chargeBody(UUID.randomUUID(), 1000, "tok_visa"));
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().get("error").get("type").asString()).isEqualTo("invalid_request_error");
        assertThat(answer.json().get("error").get("message").asString()).contains("Idempotency-Key");
        assertThat(sandbox.get("/v1/ledger").json().get("charges")).isEmpty();
    }

    @Test
    void anUnknownPaymentMethodIsRefusedWith400AndACodeSayingSo() {
        var answer = sandbox.charge("k-unknown", chargeBody(UUID.randomUUID(), 1000, "tok_mastercard_unknown"));
        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.json().get("error").get("type").asString()).isEqualTo("invalid_request_error");
        assertThat(answer.json().get("error").get("param").asString()).isEqualTo("paymentMethod");
        assertThat(answer.json().get("error").get("code").asString()).isEqualTo("unknown_payment_method");
        assertThat(answer.json().get("error").get("message").asString()).contains("tok_mastercard_unknown");
        assertThat(sandbox.get("/v1/ledger").json().get("charges")).isEmpty();
    }

    @Test
    void aRequestWithoutTheMerchantKeyIsRefusedWith401() {
        var answer = sandbox.http()
                .post("/v1/charges", chargeBody(UUID.randomUUID(), 1000, "tok_visa"))
                .bearer("sk_live_wrong")
                .idempotencyKey("k-401")
                .send();
        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.json().get("error").get("type").asString()).isEqualTo("authentication_error");
    }

    @Test
    void theOutcomeIsDecidedAsynchronouslyByPaymentMethod() {
        var visa = sandbox.charge("k-visa", chargeBody(UUID.randomUUID(), 1000, "tok_visa"))
                .json()
                .get("id")
                .asString();
        var declined = sandbox.charge("k-declined", chargeBody(UUID.randomUUID(), 1000, "tok_declined"))
                .json()
                .get("id")
                .asString();
        var poor = sandbox.charge("k-poor", chargeBody(UUID.randomUUID(), 1000, "tok_insufficient_funds"))
                .json()
                .get("id")
                .asString();
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            assertThat(sandbox.charge(visa).get("status").asString()).isEqualTo("SUCCEEDED");
            assertThat(sandbox.charge(declined).get("status").asString()).isEqualTo("DECLINED");
            assertThat(sandbox.charge(poor).get("status").asString()).isEqualTo("DECLINED");
        });
        assertThat(sandbox.charge(declined).get("failureCode").asString()).isEqualTo("card_declined");
        assertThat(sandbox.charge(poor).get("failureCode").asString()).isEqualTo("insufficient_funds");
        assertThat(sandbox.get("/v1/charges/ch_nope").status()).isEqualTo(404);
    }

    @Test
    void aServerErrorCreatesNothing() {
        sandbox.putSettings(java.util.Map.of("serverErrorShare", 1.0));
        var answer = sandbox.charge("k-500", chargeBody(UUID.randomUUID(), 1000, "tok_visa"));
        assertThat(answer.status()).isEqualTo(500);
        assertThat(answer.json().get("error").get("type").asString()).isEqualTo("api_error");
        assertThat(sandbox.get("/v1/ledger").json().get("charges")).isEmpty();
        sandbox.putSettings(java.util.Map.of("serverErrorShare", 0.0));
        assertThat(sandbox.charge("k-500", chargeBody(UUID.randomUUID(), 1000, "tok_visa"))
                        .status())
                .isEqualTo(202);
    }

    @Test
    void aBodyWithAnUnknownFieldOrAnUnparsableValueIsRefusedWith400NamingTheField() {
        var withCard = new java.util.HashMap<String, Object>(chargeBody(UUID.randomUUID(), 1000, "tok_visa"));
        withCard.put("cardNumber", "4242424242424242");
        var unknown = sandbox.charge("k-card", withCard);
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.json().get("error").get("param").asString()).isEqualTo("cardNumber");

        var badOrder = new java.util.HashMap<String, Object>(chargeBody(UUID.randomUUID(), 1000, "tok_visa"));
        badOrder.put("orderId", "not-a-uuid");
        var unparsable = sandbox.charge("k-bad-order", badOrder);
        assertThat(unparsable.status()).isEqualTo(400);
        assertThat(unparsable.json().get("error").get("param").asString()).isEqualTo("orderId");
        assertThat(sandbox.get("/v1/ledger").json().get("charges")).isEmpty();
    }
}
