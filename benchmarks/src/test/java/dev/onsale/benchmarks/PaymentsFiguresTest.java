package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

class PaymentsFiguresTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void trafficIsSummedPerFixedSecondWithItsBusiestSecondAndThe429s() {
        SandboxTraffic traffic = SandboxTraffic.of(JSON.readTree("""
                {"acceptedPerSecond": {"1700000000": 30, "1700000001": 50, "1700000003": 52},
                 "rejectedPerSecond": {"1700000001": 4, "1700000004": 1}}"""));
        assertThat(traffic.accepted()).isEqualTo(132);
        assertThat(traffic.maxAcceptedPerSecond()).isEqualTo(52);
        assertThat(traffic.rejected()).isEqualTo(5);
        assertThat(traffic.secondsAbove(50)).isEqualTo(1);
        assertThat(traffic.seconds()).isEqualTo(5);
        assertThat(traffic.report(50))
                .contains("132 requests", "at most 52 in one second", "seconds above it: 1", "429: 5");
    }

    @Test
    void trafficWithNoRequestsIsAllZeros() {
        SandboxTraffic traffic =
                SandboxTraffic.of(JSON.readTree("{\"acceptedPerSecond\": {}, \"rejectedPerSecond\": {}}"));
        assertThat(traffic.accepted()).isZero();
        assertThat(traffic.maxAcceptedPerSecond()).isZero();
        assertThat(traffic.rejected()).isZero();
        assertThat(traffic.seconds()).isZero();
    }

    @Test
    void theLedgerCountsTheRunsOrdersChargesAndNamesAnOrderChargedTwice() {
        UUID once = UUID.randomUUID();
        UUID twice = UUID.randomUUID();
        UUID pending = UUID.randomUUID();
        SandboxLedger ledger = SandboxLedger.of(
                JSON.readTree("""
                {"charges": [
                  {"id": "ch_1", "orderId": "%s", "status": "SUCCEEDED"},
                  {"id": "ch_2", "orderId": "%s", "status": "SUCCEEDED"},
                  {"id": "ch_3", "orderId": "%s", "status": "SUCCEEDED"},
                  {"id": "ch_4", "orderId": "%s", "status": "PENDING"},
                  {"id": "ch_5", "orderId": "%s", "status": "SUCCEEDED"}],
                 "refunds": [{"id": "re_1", "chargeId": "ch_3"}]}""".formatted(once, twice, twice, pending, UUID.randomUUID())),
                Set.of(once, twice, pending));
        assertThat(ledger.charges()).isEqualTo(5);
        assertThat(ledger.chargesForOrders()).isEqualTo(4);
        assertThat(ledger.ordersCharged()).isEqualTo(3);
        assertThat(ledger.ordersSucceeded()).isEqualTo(2);
        assertThat(ledger.chargedTwice()).containsExactly(twice);
        assertThat(ledger.statuses()).containsEntry("SUCCEEDED", 3).containsEntry("PENDING", 1);
        assertThat(ledger.refunds()).isEqualTo(1);
        assertThat(ledger.oneChargePerOrder(3)).isFalse();
        assertThat(ledger.report(3)).contains("one per order: NO", "charged twice: 1", "charges for other orders: 1");
    }

    @Test
    void oneSucceededChargeForEachOrderAndNothingElseIsOneChargePerOrder() {
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        SandboxLedger ledger = SandboxLedger.of(JSON.readTree("""
                {"charges": [{"orderId": "%s", "status": "SUCCEEDED"}, {"orderId": "%s", "status": "SUCCEEDED"}],
                 "refunds": []}""".formatted(a, b)), Set.of(a, b));
        assertThat(ledger.oneChargePerOrder(2)).isTrue();
        assertThat(ledger.ordersSucceeded()).isEqualTo(2);
        assertThat(ledger.report(2)).contains("one per order: yes", "charged twice: none", "refunds: 0");
    }

    @Test
    void theLoadSettingsChangeOnlyTpsAndTimeoutShare() {
        JsonNode found = JSON.readTree("""
                {"tps": 200, "latencyP50Ms": 100, "latencyP99Ms": 800, "timeoutShare": 0.02, "timeoutHangMs": 30000,
                 "webhookUrl": "http://localhost:8080/webhooks/payments", "webhookLossShare": 0.02}""");
        ObjectNode load = SandboxClient.withLoad(found, 50, 0.05);
        assertThat(load.get("tps").asInt()).isEqualTo(50);
        assertThat(load.get("timeoutShare").asDouble()).isEqualTo(0.05);
        assertThat(load.properties()).hasSize(found.properties().size());
        assertThat(load.get("webhookUrl").asString()).isEqualTo("http://localhost:8080/webhooks/payments");
        assertThat(load.get("latencyP99Ms").asLong()).isEqualTo(800);
        assertThat(found.get("tps").asInt())
                .as("the settings found are left alone")
                .isEqualTo(200);
    }

    @Test
    void onlyTheOnsalePaymentsSamplesAreTakenFromAPrometheusExposition() {
        assertThat(PaymentsBenchmark.paymentSeries("""
                # HELP onsale_payments_succeeded_total Payments the provider captured
                # TYPE onsale_payments_succeeded_total counter
                onsale_payments_succeeded_total{application="payment-service"} 800.0
                jvm_threads_live_threads{application="payment-service"} 40.0
                onsale_payments_queue_wait_seconds_count{application="payment-service"} 800
                """))
                .containsExactly(
                        "onsale_payments_succeeded_total{application=\"payment-service\"} 800.0",
                        "onsale_payments_queue_wait_seconds_count{application=\"payment-service\"} 800");
    }

    @Test
    void aPacerSpacesItsSlotsExactlyOneOverTheRateApart() {
        Pacer pacer = new Pacer(50, 1_000L);
        assertThat(pacer.slotNanos(0)).isEqualTo(1_000L);
        assertThat(pacer.slotNanos(1)).isEqualTo(1_000L + 20_000_000L);
        assertThat(pacer.slotNanos(800)).isEqualTo(1_000L + 16_000_000_000L);
        assertThat(new Pacer(3, 0).slotNanos(3)).isEqualTo(1_000_000_000L);
        assertThatThrownBy(() -> new Pacer(0, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aPacedPhaseStartsActorIAtSlotIAndCountsLatencyFromThere() throws Exception {
        long[] started = new long[5];
        long before = System.nanoTime();
        Latencies latencies = Phase.paced("test", 5, 100, i -> {
            started[i] = System.nanoTime();
            return "ok";
        });
        assertThat(latencies.count("ok")).isEqualTo(5);
        for (int i = 1; i < 5; i++) {
            assertThat(started[i] - before)
                    .as("actor %d starts no earlier than its slot", i)
                    .isGreaterThanOrEqualTo(i * 10_000_000L);
        }
        assertThat(latencies.percentileMillis(0.99))
                .as("waiting for the slot is not latency")
                .isLessThan(10);
    }

    @Test
    void decimalOptionsHaveDefaultsToo() {
        Options options = Options.parse(new String[] {"--timeout-share=0.05"});
        assertThat(options.decimal("timeout-share", 0.02)).isEqualTo(0.05);
        assertThat(options.decimal("other", 0.5)).isEqualTo(0.5);
    }
}
