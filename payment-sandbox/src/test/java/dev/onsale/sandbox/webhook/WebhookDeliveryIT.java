package dev.onsale.sandbox.webhook;

import static dev.onsale.sandbox.SandboxClient.chargeBody;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.sandbox.SandboxClient;
import dev.onsale.sandbox.SandboxTest;
import dev.onsale.sandbox.WebhookReceiver;
import dev.onsale.sandbox.WebhookReceiver.Delivery;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

@SandboxTest
class WebhookDeliveryIT {

    private static final String CURRENT_SECRET = "whsec_test_current";
    private static final String PREVIOUS_SECRET = "whsec_test_previous";

    private final SandboxClient sandbox;
    private final WebhookReceiver receiver;

    WebhookDeliveryIT(SandboxClient sandbox, WebhookReceiver receiver) {
        this.sandbox = sandbox;
        this.receiver = receiver;
    }

    @Test
    void aSucceededChargeIsAnnouncedByAWebhookSignedWithTheCurrentAndThePreviousSecret() {
        var orderId = UUID.randomUUID();
        var chargeId = charge(orderId, "tok_visa");
        var delivery = awaitDeliveries(chargeId, 1)[0];

        assertThat(delivery.event().get("id").asString()).startsWith("evt_");
        assertThat(delivery.event().get("type").asString()).isEqualTo("charge.succeeded");
        assertThat(delivery.event().get("created").asLong())
                .isCloseTo(Instant.now().getEpochSecond(), org.assertj.core.data.Offset.offset(5L));
        assertThat(delivery.event().get("data").get("status").asString()).isEqualTo("SUCCEEDED");
        assertThat(delivery.event().get("data").get("orderId").asString()).isEqualTo(orderId.toString());

        var parts = delivery.signature().split(",");
        assertThat(parts).hasSize(3);
        assertThat(parts[0]).startsWith("t=");
        var t = parts[0].substring(2);
        assertThat(Long.parseLong(t))
                .isCloseTo(Instant.now().getEpochSecond(), org.assertj.core.data.Offset.offset(5L));
        assertThat(parts[1]).isEqualTo("v1=" + hmac(CURRENT_SECRET, t + "." + delivery.body()));
        assertThat(parts[2]).isEqualTo("v1=" + hmac(PREVIOUS_SECRET, t + "." + delivery.body()));
        assertThat(parts[1]).isNotEqualTo("v1=" + hmac("whsec_wrong", t + "." + delivery.body()));
    }

    @Test
    void declinesAreAnnouncedAsChargeFailedWithTheTokensReason() {
        var declined = charge(UUID.randomUUID(), "tok_declined");
        var poor = charge(UUID.randomUUID(), "tok_insufficient_funds");
        var declinedEvent = awaitDeliveries(declined, 1)[0].event();
        var poorEvent = awaitDeliveries(poor, 1)[0].event();
        assertThat(declinedEvent.get("type").asString()).isEqualTo("charge.failed");
        assertThat(declinedEvent.get("data").get("failureCode").asString()).isEqualTo("card_declined");
        assertThat(poorEvent.get("type").asString()).isEqualTo("charge.failed");
        assertThat(poorEvent.get("data").get("failureCode").asString()).isEqualTo("insufficient_funds");
    }

    @Test
    void withLossShareOneNoWebhookArrivesThoughTheChargeSucceeds() {
        sandbox.putSettings(Map.of("webhookLossShare", 1.0));
        var chargeId = charge(UUID.randomUUID(), "tok_visa");
        await().atMost(Duration.ofSeconds(5))
                .until(() -> sandbox.charge(chargeId).get("status").asString().equals("SUCCEEDED"));
        await().during(Duration.ofMillis(800))
                .atMost(Duration.ofSeconds(2))
                .until(() -> receiver.deliveries().isEmpty());
    }

    @Test
    void withDuplicateShareOneEveryEventArrivesTwiceWithTheSameEventId() {
        sandbox.putSettings(Map.of("webhookDuplicateShare", 1.0));
        var chargeId = charge(UUID.randomUUID(), "tok_visa");
        var deliveries = awaitDeliveries(chargeId, 2);
        assertThat(deliveries[0].event().get("id"))
                .isEqualTo(deliveries[1].event().get("id"));
        assertThat(deliveries[0].body()).isEqualTo(deliveries[1].body());
        await().during(Duration.ofMillis(500))
                .atMost(Duration.ofSeconds(2))
                .until(() -> receiver.deliveriesFor(chargeId).size() == 2);
    }

    @Test
    void aReceiverAnswering500IsRetriedWithTheSameEventUntilItAcknowledges() {
        receiver.failNext(2);
        var chargeId = charge(UUID.randomUUID(), "tok_visa");
        var deliveries = awaitDeliveries(chargeId, 3);
        assertThat(Arrays.stream(deliveries).map(Delivery::answeredWith)).containsExactly(500, 500, 200);
        assertThat(Arrays.stream(deliveries)
                        .map(d -> d.event().get("id").asString())
                        .distinct())
                .hasSize(1);
        await().during(Duration.ofMillis(600))
                .atMost(Duration.ofSeconds(2))
                .until(() -> receiver.deliveriesFor(chargeId).size() == 3);
    }

    @Test
    void deliveryGivesUpAfterTheConfiguredAttempts() {
        sandbox.putSettings(Map.of("webhookMaxAttempts", 2));
        receiver.failNext(100);
        var chargeId = charge(UUID.randomUUID(), "tok_visa");
        awaitDeliveries(chargeId, 2);
        await().during(Duration.ofMillis(600))
                .atMost(Duration.ofSeconds(2))
                .until(() -> receiver.deliveriesFor(chargeId).size() == 2);
    }

    @Test
    void withAReorderDelayEventsCanArriveInAnotherOrderThanTheyHappened() {
        sandbox.putSettings(Map.of("webhookReorderDelayMs", 1000, "decisionDelayMs", 0));
        var chargeIds = new java.util.ArrayList<String>();
        for (int i = 0; i < 20; i++) chargeIds.add(charge(UUID.randomUUID(), "tok_visa"));
        await().atMost(Duration.ofSeconds(5)).until(() -> receiver.deliveries().size() == 20);
        var arrived = receiver.deliveries().stream()
                .map(d -> d.event().get("data").get("id").asString())
                .toList();
        assertThat(arrived).containsExactlyInAnyOrderElementsOf(chargeIds).isNotEqualTo(chargeIds);
    }

    @Test
    void aRefundOfASucceededChargeIsAnnouncedAndShownInTheLedger() {
        var orderId = UUID.randomUUID();
        var chargeId = charge(orderId, "tok_visa");
        awaitDeliveries(chargeId, 1);

        var refund = sandbox.refund("refund-" + orderId, Map.of("charge", chargeId, "amountCents", 3000));
        assertThat(refund.status()).isEqualTo(200);
        var refundId = refund.json().get("id").asString();
        assertThat(refundId).startsWith("re_");
        assertThat(sandbox.refund("refund-" + orderId, Map.of("charge", chargeId, "amountCents", 3000))
                        .json()
                        .get("id")
                        .asString())
                .isEqualTo(refundId);
        assertThat(sandbox.refund("refund-" + orderId, Map.of("charge", chargeId, "amountCents", 10))
                        .status())
                .isEqualTo(422);

        var event = awaitDeliveries(refundId, 1)[0].event();
        assertThat(event.get("type").asString()).isEqualTo("refund.succeeded");
        assertThat(event.get("data").get("chargeId").asString()).isEqualTo(chargeId);

        var ledgerRefunds = sandbox.get("/v1/ledger").json().get("refunds");
        assertThat(ledgerRefunds).hasSize(1);
        assertThat(ledgerRefunds.get(0).get("chargeId").asString()).isEqualTo(chargeId);
        assertThat(ledgerRefunds.get(0).get("orderId").asString()).isEqualTo(orderId.toString());
        assertThat(ledgerRefunds.get(0).get("amountCents").asLong()).isEqualTo(3000);
        assertThat(ledgerRefunds.get(0).get("status").asString()).isEqualTo("SUCCEEDED");

        var beyond = sandbox.refund("refund-2-" + orderId, Map.of("charge", chargeId, "amountCents", 2001));
        assertThat(beyond.status()).isEqualTo(400);
        assertThat(sandbox.refund("refund-3-" + orderId, Map.of("charge", chargeId))
                        .json()
                        .get("amountCents")
                        .asLong())
                .isEqualTo(2000);
        assertThat(sandbox.charge(chargeId).get("amountRefundedCents").asLong()).isEqualTo(5000);
    }

    @Test
    void aDeclinedOrUnknownChargeCannotBeRefunded() {
        var declined = charge(UUID.randomUUID(), "tok_declined");
        awaitDeliveries(declined, 1);
        assertThat(sandbox.refund("r-declined", Map.of("charge", declined)).status())
                .isEqualTo(400);
        assertThat(sandbox.refund("r-unknown", Map.of("charge", "ch_unknown")).status())
                .isEqualTo(404);
        assertThat(sandbox.refund(null, Map.of("charge", declined)).status()).isEqualTo(400);
        assertThat(sandbox.get("/v1/ledger").json().get("refunds")).isEmpty();
    }

    private String charge(UUID orderId, String paymentMethod) {
        var answer = sandbox.charge("charge-" + orderId, chargeBody(orderId, 5000, paymentMethod));
        assertThat(answer.status()).isEqualTo(202);
        return answer.json().get("id").asString();
    }

    private Delivery[] awaitDeliveries(String objectId, int count) {
        await().atMost(Duration.ofSeconds(5))
                .until(() -> receiver.deliveriesFor(objectId).size() >= count);
        return receiver.deliveriesFor(objectId).toArray(Delivery[]::new);
    }

    private static String hmac(String secret, String payload) {
        try {
            var mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
