package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class AuditTest {

    private static final UUID EVENT = UUID.fromString("0b1aaac8-0a02-490a-abda-0c61d89b98e6");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aBuyerWhoGaveUpAfterBeingToldEverySeatIsHeldHadAFinalAnswer() {
        assertThat(Audit.finalAnswer(Checkout.GAVE_UP)).isTrue();
        assertThat(Audit.finalAnswer("time limit while holding")).isFalse();
    }

    @Test
    void aCleanSaleOutPassesEveryCheck() {
        assertThat(failed(Audit.of(
                        run(0, 0, Map.of("paid", 800, "sold out while waiting", 4200)),
                        ledger(800, 800, 0, true),
                        dashboard(0),
                        reconciliation(0),
                        true)))
                .isEmpty();
    }

    @Test
    void eachBrokenPromiseFailsItsOwnCheck() {
        assertThat(failed(Audit.of(
                        run(0, 0, Map.of("paid", 800)),
                        ledger(800, 801, 0, false),
                        dashboard(0),
                        reconciliation(0),
                        true)))
                .containsExactly("I1 no oversell");
        assertThat(failed(Audit.of(
                        run(0, 0, Map.of("paid", 800)),
                        ledger(800, 799, 1, true),
                        dashboard(1),
                        reconciliation(0),
                        false)))
                .containsExactly("I4 no dead holds", "every seat sold");
        assertThat(failed(Audit.of(
                        run(0, 0, Map.of("paid", 800)),
                        ledger(800, 800, 0, true),
                        dashboard(0),
                        reconciliation(2),
                        true)))
                .containsExactly("I5 counter truth");
        assertThat(failed(Audit.of(
                        run(3, 0, Map.of("paid", 800, "time limit while waiting", 7)),
                        ledger(800, 800, 0, true),
                        dashboard(0),
                        reconciliation(0),
                        true)))
                .containsExactly("I6 every buyer answered");
        assertThat(failed(Audit.of(
                        run(0, 2000, Map.of("paid", 800)),
                        ledger(800, 800, 0, true),
                        dashboard(0),
                        reconciliation(0),
                        true)))
                .containsExactly("503s under 1%");
    }

    @Test
    void aReconciliationThatDidNotCoverTheEventFailsCounterTruth() {
        JsonNode elsewhere =
                JSON.readTree("{\"events\": [{\"eventId\": \"%s\", \"drifts\": []}]}".formatted(UUID.randomUUID()));
        assertThat(failed(Audit.of(
                        run(0, 0, Map.of("paid", 800)), ledger(800, 800, 0, true), dashboard(0), elsewhere, true)))
                .containsExactly("I5 counter truth");
    }

    @Test
    void withTooFewPayingBuyersSellingOutIsNotJudged() {
        SaleBenchmark.SaleRun few = new SaleBenchmark.SaleRun(
                EVENT,
                30,
                new CallFigures.Totals(1000, 0, 0),
                Map.of("paid", 70, "held and walked away", 30),
                false,
                100,
                800,
                20,
                0.7,
                5,
                BuyerMix.NONE,
                70,
                Conduct.Snapshot.EMPTY,
                null);
        List<Audit.Check> checks = Audit.of(few, ledger(800, 70, 0, true), dashboard(0), reconciliation(0), true);
        assertThat(failed(checks)).isEmpty();
        assertThat(checks)
                .filteredOn(c -> c.name().equals("every seat sold"))
                .singleElement()
                .extracting(Audit.Check::detail)
                .asString()
                .contains("not judged");
    }

    @Test
    void aBotsEndIsAFinalAnswerWhetherOrNotItGotAHold() {
        assertThat(Audit.finalAnswer("bot refused")).isTrue();
        assertThat(Audit.finalAnswer("bot got a hold")).isTrue();
        assertThat(Audit.finalAnswer("no session: 503")).isFalse();
        assertThat(failed(Audit.of(
                        run(0, 0, Map.of("paid", 800, "sold out while waiting", 4100, "bot refused", 100)),
                        ledger(800, 800, 0, true),
                        dashboard(0),
                        reconciliation(0),
                        true)))
                .isEmpty();
    }

    @Test
    void sellingOutIsJudgedOnTheBuyersWhoMeanToPayNotOnThePayShare() {
        SaleBenchmark.SaleRun botHeavy = new SaleBenchmark.SaleRun(
                EVENT,
                30,
                new CallFigures.Totals(1000, 0, 0),
                Map.of("paid", 50, "bot refused", 900),
                false,
                1000,
                100,
                20,
                0.7,
                5,
                new BuyerMix(Map.of(Behaviour.BOT, 90.0)),
                70,
                Conduct.Snapshot.EMPTY,
                null);
        List<Audit.Check> checks = Audit.of(botHeavy, ledger(100, 50, 0, true), dashboard(0), reconciliation(0), true);
        assertThat(failed(checks)).isEmpty();
        assertThat(checks)
                .filteredOn(c -> c.name().equals("every seat sold"))
                .singleElement()
                .extracting(Audit.Check::detail)
                .asString()
                .contains("70 for 100 seats", "not judged");
    }

    private static List<String> failed(List<Audit.Check> checks) {
        return checks.stream().filter(c -> !c.passed()).map(Audit.Check::name).toList();
    }

    private static SaleBenchmark.SaleRun run(long unanswered, long unavailable, Map<String, Integer> endings) {
        return new SaleBenchmark.SaleRun(
                EVENT,
                150,
                new CallFigures.Totals(90_000, unavailable, unanswered),
                endings,
                true,
                5000,
                800,
                20,
                0.7,
                5,
                BuyerMix.NONE,
                3500,
                Conduct.Snapshot.EMPTY,
                null);
    }

    private static JsonNode ledger(long total, long sold, long held, boolean i1) {
        return JSON.readTree("""
                {"seats": {"total": %d, "free": %d, "held": %d, "sold": %d}, "tickets": %d,
                 "charges": [], "refunds": [],
                 "invariants": {"I1": {"holds": %s, "detail": "d1"}, "I2": {"holds": true, "detail": "d2"},
                                "I3": {"holds": true, "detail": "d3"}}}""".formatted(total, Math.max(0, total - sold - held), held, sold, sold, i1));
    }

    private static JsonNode dashboard(long liveHolds) {
        return JSON.readTree("{\"seats\": {\"liveHolds\": %d}}".formatted(liveHolds));
    }

    private static JsonNode reconciliation(int drifts) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < drifts; i++) {
            list.append(i == 0 ? "" : ",").append("{\"kind\": \"COUNTER_DRIFT\"}");
        }
        return JSON.readTree("{\"events\": [{\"eventId\": \"%s\", \"gate\": {}, \"database\": {}, \"drifts\": [%s]}]}"
                .formatted(EVENT, list));
    }
}
