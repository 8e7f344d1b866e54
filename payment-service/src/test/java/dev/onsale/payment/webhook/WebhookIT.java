package dev.onsale.payment.webhook;

import static dev.onsale.payment.webhook.Signatures.header;
import static dev.onsale.payment.webhook.Signatures.sign;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentResult;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.engines.Engines;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.payment.settlement.Settlement;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.TopicTail;
import dev.onsale.testing.TestHttp;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;

/**
 * {@code POST /webhooks/payments} against the real engines: refusals write nothing and never reach settlement;
 * an accepted event is recorded once, however often it is delivered. The context is closed after the class (its
 * keys are its own), so that its background workers do not outlive it into other test classes.
 */
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "onsale.payment.webhook.secret=" + WebhookIT.SECRET,
            "onsale.payment.webhook.previous-secrets=" + WebhookIT.PREVIOUS
        })
@DirtiesContext
class WebhookIT {

    static final String SECRET = "whsec_webhook_it_current";
    static final String PREVIOUS = "whsec_webhook_it_previous";
    private static final Duration RELAYED = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @MockitoSpyBean
    Settlement settlement;

    @Test
    void forgedStaleUnsignedOrAlteredDeliveriesAre400AndWriteNothing() {
        UUID orderId = UUID.randomUUID();
        String eventId = "evt_refused_" + UUID.randomUUID();
        byte[] body = chargeSucceeded(eventId, "ch_refused_" + UUID.randomUUID(), orderId, 3000);
        long now = Instant.now().getEpochSecond();
        double invalidBefore = webhooks("signature_invalid");
        double staleBefore = webhooks("stale");

        assertProblem(post(body, null), "webhook-signature-invalid");
        assertProblem(post(body, ""), "webhook-signature-invalid");
        assertProblem(post(body, "t=" + now), "webhook-signature-invalid");
        assertProblem(post(body, "v1=" + sign(SECRET, now, body)), "webhook-signature-invalid");
        assertProblem(post(body, "t=" + now + ",v1=nothex"), "webhook-signature-invalid");
        assertProblem(post(body, header(now, sign("whsec_not_ours", now, body))), "webhook-signature-invalid");
        assertProblem(post(body, header(now - 1, sign(SECRET, now, body))), "webhook-signature-invalid");
        byte[] altered = (new String(body, StandardCharsets.UTF_8) + " ").getBytes(StandardCharsets.UTF_8);
        assertProblem(post(altered, header(now, sign(SECRET, now, body))), "webhook-signature-invalid");
        long old = now - 301;
        assertProblem(post(body, header(old, sign(SECRET, old, body))), "webhook-timestamp-stale");
        long ahead = now + 310;
        assertProblem(post(body, header(ahead, sign(SECRET, ahead, body))), "webhook-timestamp-stale");

        assertThat(eventRows(eventId)).isZero();
        verify(settlement, never())
                .chargeObserved(argThat(charge -> charge != null && orderId.equals(charge.orderId())));
        assertThat(webhooks("signature_invalid") - invalidBefore).isEqualTo(8);
        assertThat(webhooks("stale") - staleBefore).isEqualTo(2);
    }

    @Test
    void aGenuinelySignedBodyThatIsNotAnEventIs400NamingTheFieldAndWritesNothing() {
        String eventId = "evt_malformed_" + UUID.randomUUID();
        double before = webhooks("malformed");

        TestHttp.Reply notJson = postSigned(("{\"id\":\"" + eventId + "\",").getBytes(StandardCharsets.UTF_8));
        TestHttp.Reply badOrder = postSigned(("{\"id\":\"" + eventId + "\",\"type\":\"charge.succeeded\","
                        + "\"created\":1,\"data\":{\"id\":\"ch_x\",\"orderId\":\"not-an-order\",\"amountCents\":1,"
                        + "\"currency\":\"EUR\",\"status\":\"SUCCEEDED\"}}")
                .getBytes(StandardCharsets.UTF_8));

        assertProblem(notJson, "invalid-request");
        assertProblem(badOrder, "invalid-request");
        assertThat(badOrder.body()).contains("data.orderId").doesNotContain("not-an-order");
        assertThat(eventRows(eventId)).isZero();
        verify(settlement, never())
                .chargeObserved(argThat(charge -> charge != null && "ch_x".equals(charge.chargeId())));
        assertThat(webhooks("malformed") - before).isEqualTo(2);
    }

    @Test
    void theExactBytesAreVerifiedAndAPreviousSecretStillSignsDuringRotation() {
        String eventId = "evt_other_" + UUID.randomUUID();
        byte[] body = ("{ \"id\" : \"" + eventId + "\",\n\t\"type\":\"payout.paid\",  \"created\":1,"
                        + "\"data\":{\"note\":\"caf\u00e9 \u2013 \ud83c\udfab \\u00e9\"} }\r\n")
                .getBytes(StandardCharsets.UTF_8);
        long now = Instant.now().getEpochSecond();
        double before = webhooks("ignored");

        TestHttp.Reply answer =
                post(body, header(now, sign("whsec_retired_long_ago", now, body), sign(PREVIOUS, now, body)));

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.body()).contains("\"result\":\"ignored\"");
        assertThat(eventRows(eventId)).isOne();
        assertThat(jdbc.queryForObject(
                        "SELECT type FROM payment.webhook_events WHERE event_id = ?", String.class, eventId))
                .isEqualTo("payout.paid");
        assertThat(webhooks("ignored") - before).isEqualTo(1);

        TestHttp.Reply again = post(body, header(now, sign(SECRET, now, body)));
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.body()).contains("\"result\":\"duplicate\"");
        assertThat(eventRows(eventId)).isOne();
    }

    @Test
    void theSameChargeEventDeliveredTwiceIsRecordedOnceAndSettlesThePaymentOnce(Engines engines) throws Exception {
        UUID paymentId = UUID.randomUUID();
        UUID orderId = UUID.randomUUID();
        String chargeId = "ch_twice_" + UUID.randomUUID();
        submitted(paymentId, orderId, chargeId, 3000);
        String eventId = "evt_twice_" + UUID.randomUUID();
        byte[] body = chargeSucceeded(eventId, chargeId, orderId, 3000);
        double duplicatesBefore = webhooks("duplicate");

        try (TopicTail results = new TopicTail(engines, Topics.PAYMENT_RESULTS)) {
            TestHttp.Reply first = postSigned(body);
            TestHttp.Reply second = postSigned(body);

            assertThat(first.status()).as(first.body()).isEqualTo(200);
            assertThat(first.body()).contains("\"result\":\"accepted\"");
            assertThat(second.status()).as(second.body()).isEqualTo(200);
            assertThat(second.body()).contains("\"result\":\"duplicate\"");
            assertThat(eventRows(eventId)).isOne();
            verify(settlement, times(1))
                    .chargeObserved(argThat(charge -> charge != null && chargeId.equals(charge.chargeId())));
            assertThat(webhooks("duplicate") - duplicatesBefore).isEqualTo(1);

            results.awaitUntil(RELAYED, byKey -> !results.of(orderId).isEmpty());
            results.readFor(Duration.ofSeconds(2));
            List<Envelope> relayed = results.of(orderId);
            assertThat(relayed).hasSize(1);
            assertThat(relayed.getFirst().event(PaymentResult.class))
                    .isEqualTo(new PaymentSucceeded(orderId, paymentId, 3000, "EUR"));
        }
    }

    @Test
    void concurrentDeliveriesOfOneEventApplyItOnce() throws Exception {
        UUID orderId = UUID.randomUUID();
        String chargeId = "ch_concurrent_" + UUID.randomUUID();
        submitted(UUID.randomUUID(), orderId, chargeId, 5000);
        String eventId = "evt_concurrent_" + UUID.randomUUID();
        byte[] body = chargeSucceeded(eventId, chargeId, orderId, 5000);
        int deliveries = 10;
        ExecutorService pool = Executors.newFixedThreadPool(deliveries);
        List<TestHttp.Reply> answers = new ArrayList<>();
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<TestHttp.Reply>> pending = new ArrayList<>();
            for (int i = 0; i < deliveries; i++) {
                pending.add(pool.submit(() -> {
                    start.await();
                    return postSigned(body);
                }));
            }
            start.countDown();
            for (Future<TestHttp.Reply> answer : pending) {
                answers.add(answer.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(answers).extracting(TestHttp.Reply::status).containsOnly(200);
        assertThat(answers).filteredOn(a -> a.body().contains("\"accepted\"")).hasSize(1);
        assertThat(answers).filteredOn(a -> a.body().contains("\"duplicate\"")).hasSize(deliveries - 1);
        assertThat(eventRows(eventId)).isOne();
        verify(settlement, times(1))
                .chargeObserved(argThat(charge -> charge != null && chargeId.equals(charge.chargeId())));
    }

    @Test
    void aChargeOfNoPaymentOfOursIsRecordedAndAcknowledgedAsUnknown() {
        String eventId = "evt_unknown_" + UUID.randomUUID();
        double before = webhooks("unknown_payment");

        TestHttp.Reply answer =
                postSigned(chargeSucceeded(eventId, "ch_unknown_" + UUID.randomUUID(), UUID.randomUUID(), 3000));

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(answer.body()).contains("\"result\":\"unknown_payment\"");
        assertThat(eventRows(eventId)).isOne();
        assertThat(webhooks("unknown_payment") - before).isEqualTo(1);
        verify(settlement, never()).refundObserved(any());
    }

    /** A payment whose charge the provider has, as payment-service records it, not due for a poll for an hour. */
    private void submitted(UUID paymentId, UUID orderId, String chargeId, long amountCents) {
        jdbc.update("""
                INSERT INTO payment.payments (payment_id, order_id, amount_cents, currency, payment_method, status,
                                              requested_at, deadline, due_at, charge_id, first_submitted_at)
                VALUES (?, ?, ?, 'EUR', 'tok_visa', 'SUBMITTED', now(), now() + interval '1 hour',
                        now() + interval '1 hour', ?, now())
                """, paymentId, orderId, amountCents, chargeId);
    }

    /** A charge.succeeded body as the provider writes it (ChargeView with every field it has). */
    private static byte[] chargeSucceeded(String eventId, String chargeId, UUID orderId, long amountCents) {
        long created = Instant.now().getEpochSecond();
        return ("""
                {"id":"%s","type":"charge.succeeded","created":%d,"data":{"id":"%s","object":"charge","orderId":"%s",\
                "amountCents":%d,"currency":"EUR","paymentMethod":"tok_visa","status":"SUCCEEDED","failureCode":null,\
                "amountRefundedCents":0,"created":%d}}""")
                .formatted(eventId, created, chargeId, orderId, amountCents, created)
                .getBytes(StandardCharsets.UTF_8);
    }

    private TestHttp.Reply postSigned(byte[] body) {
        long now = Instant.now().getEpochSecond();
        return post(body, header(now, sign(SECRET, now, body)));
    }

    /**
     * {@code body} as the provider posts it. TestHttp sends text: every body here is valid UTF-8, so decoding and
     * re-encoding it gives back the very bytes that were signed.
     */
    private TestHttp.Reply post(byte[] body, String signature) {
        TestHttp.Call call = TestHttp.at(port).post("/webhooks/payments", new String(body, StandardCharsets.UTF_8));
        return (signature == null ? call : call.header("Onsale-Signature", signature)).send();
    }

    private static void assertProblem(TestHttp.Reply answer, String slug) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
        assertThat(answer.body()).contains("\"type\":\"/problems/" + slug + "\"");
    }

    private long eventRows(String eventId) {
        return jdbc.queryForObject(
                "SELECT count(*) FROM payment.webhook_events WHERE event_id = ?", Long.class, eventId);
    }

    private double webhooks(String result) {
        return meters.get("onsale.webhooks").tag("result", result).counter().count();
    }
}
