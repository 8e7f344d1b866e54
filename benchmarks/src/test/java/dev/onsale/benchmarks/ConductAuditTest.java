package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class ConductAuditTest {

    private static final java.util.function.LongPredicate NO_FAULT = at -> false;

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Instant READ_AT = Instant.parse("2026-01-01T10:05:00Z");
    private static final UUID ORDER_A = UUID.fromString("0b1aaac8-0a02-490a-abda-0c61d89b98e6");
    private static final UUID ORDER_B = UUID.fromString("1c2d3e4f-0a02-490a-abda-0c61d89b98e6");

    @Test
    void aRunWithoutMisbehavingBuyersPassesEveryCheckSayingSo() {
        List<Audit.Check> checks = ConductAudit.of(Conduct.Snapshot.EMPTY, sandbox(), Map.of(), READ_AT, Chaos.NONE);

        assertThat(checks)
                .extracting(Audit.Check::name)
                .containsExactly(
                        "no bot got a hold",
                        "no double-click charged twice",
                        "declined, then paid anew",
                        "no hold past TTL + grace",
                        "fair admission order",
                        "five tabs keep one place",
                        "hammering: 5xx under 1%, all answered");
        assertThat(checks).allMatch(Audit.Check::passed);
        assertThat(checks.getFirst().detail()).contains("no such buyer", "--bot-percent");
    }

    @Test
    void botsThatWereAllRefusedPassAndABotWithAHoldFails() {
        Conduct.BotRun refused = new Conduct.BotRun(List.of(
                new Conduct.BotTry("without a token", 403, "403 admission-required"),
                new Conduct.BotTry("forged", 403, "403 admission-required"),
                new Conduct.BotTry("another session's (none leaked)", -1, "not sent")));
        Conduct.BotRun holding = new Conduct.BotRun(List.of(
                new Conduct.BotTry("without a token", 403, "403 admission-required"),
                new Conduct.BotTry("tampered", 201, "201")));

        Audit.Check good = ConductAudit.bots(List.of(refused, refused));
        Audit.Check bad = ConductAudit.bots(List.of(refused, holding));

        assertThat(good.passed()).isTrue();
        assertThat(good.detail()).startsWith("0 bots got a hold (of 2 bots, 6 tries)");
        assertThat(bad.passed()).isFalse();
        assertThat(bad.detail()).startsWith("1 bots got a hold").contains("tampered={201=1}");
    }

    @Test
    void aDoubleClickChargedOnceIsRightAndChargedTwiceOrAnsweredWithTwoPaymentsIsNot() {
        Conduct.DoubleClick once = new Conduct.DoubleClick(ORDER_A, 202, 202, "p-1", "p-1");
        Map<UUID, String> confirmed = Map.of(ORDER_A, "CONFIRMED");

        assertThat(ConductAudit.doubleClicks(List.of(once), sandbox(ORDER_A, "SUCCEEDED"), confirmed)
                        .passed())
                .isTrue();
        assertThat(ConductAudit.doubleClicks(
                        List.of(once), sandbox(ORDER_A, "SUCCEEDED", ORDER_A, "SUCCEEDED"), confirmed))
                .satisfies(check -> {
                    assertThat(check.passed()).isFalse();
                    assertThat(check.detail()).contains("charged more than once 1");
                });
        assertThat(ConductAudit.doubleClicks(
                                List.of(new Conduct.DoubleClick(ORDER_A, 202, 202, "p-1", "p-2")),
                                sandbox(ORDER_A, "SUCCEEDED"),
                                confirmed)
                        .passed())
                .isFalse();
        assertThat(ConductAudit.doubleClicks(List.of(once), sandbox(), confirmed))
                .as("a confirmed order the acquirer never charged")
                .extracting(Audit.Check::passed)
                .isEqualTo(false);
    }

    @Test
    void aDeclinedBuyerWhoPaidOnANewHoldPassesAndADeclinedCardThatBecameATicketFails() {
        Conduct.Decline anew = new Conduct.Decline(ORDER_A, "PAYMENT_FAILED", ORDER_B, "paid");
        Conduct.Decline soldOutFirst = new Conduct.Decline(ORDER_A, "PAYMENT_FAILED", null, "sold out (hold)");

        Audit.Check good = ConductAudit.declines(
                List.of(anew, soldOutFirst),
                sandbox(ORDER_A, "DECLINED", ORDER_B, "SUCCEEDED"),
                Map.of(ORDER_A, "PAYMENT_FAILED", ORDER_B, "CONFIRMED"));
        assertThat(good.passed()).isTrue();
        assertThat(good.detail()).contains("2 did", "ended PAYMENT_FAILED 2", "1 paid on a new hold");

        assertThat(ConductAudit.declines(List.of(anew), sandbox(ORDER_A, "DECLINED"), Map.of(ORDER_A, "CONFIRMED"))
                        .passed())
                .as("the declined order confirmed")
                .isFalse();
        assertThat(ConductAudit.declines(List.of(anew), sandbox(ORDER_A, "SUCCEEDED"), Map.of())
                        .passed())
                .as("the declined order charged")
                .isFalse();
        assertThat(ConductAudit.declines(
                                List.of(new Conduct.Decline(ORDER_A, "PAYMENT_FAILED", ORDER_A, "paid")),
                                sandbox(),
                                Map.of())
                        .passed())
                .as("paid on the declined order")
                .isFalse();
        assertThat(ConductAudit.declines(
                                List.of(new Conduct.Decline(
                                        ORDER_A, "PAYMENT_FAILED", null, "time limit while holding")),
                                sandbox(),
                                Map.of())
                        .passed())
                .as("no final answer")
                .isFalse();
    }

    @Test
    void aHoldStillHeldPastItsTtlAndGraceFailsAndOneWithinItOrEndedPasses() {
        Conduct.Hold longAgo = new Conduct.Hold(ORDER_A, "s-a", READ_AT.minusSeconds(60), Behaviour.PLAIN);
        Conduct.Hold justNow = new Conduct.Hold(ORDER_B, "s-b", READ_AT.minusSeconds(5), Behaviour.PLAIN);

        assertThat(ConductAudit.holdsPastTtl(
                                List.of(longAgo, justNow), Map.of(ORDER_A, "EXPIRED", ORDER_B, "HELD"), READ_AT)
                        .passed())
                .isTrue();
        Audit.Check bad = ConductAudit.holdsPastTtl(List.of(longAgo), Map.of(ORDER_A, "HELD"), READ_AT);
        assertThat(bad.passed()).isFalse();
        assertThat(bad.detail()).contains("past their TTL + 10 s 1");
        assertThat(ConductAudit.holdsPastTtl(List.of(longAgo), Map.of(), READ_AT)
                        .passed())
                .as("an order that could not be read proves nothing")
                .isFalse();
    }

    @Test
    void admissionAgainstArrivalOrderFailsOnAnInversionAndPassesOnTies() {
        Fairness.Arrival first = new Fairness.Arrival(0, 10, true, 2, 100, false);
        Fairness.Arrival second = new Fairness.Arrival(20, 30, true, 1, 100, false);
        Fairness.Arrival together = new Fairness.Arrival(5, 25, true, 1, 100, false);

        assertThat(ConductAudit.fairness(Fairness.of(List.of(first, second))).passed())
                .isFalse();
        Audit.Check tie = ConductAudit.fairness(Fairness.of(List.of(first, together)));
        assertThat(tie.passed()).isTrue();
        assertThat(tie.detail()).contains("1 pairs arrived together", "1 of them reordered");
    }

    @Test
    void fiveTabsWithOnePlaceOneAdmissionAndOneOrderPassAndAnyMoreFails() {
        Conduct.TabbedSession good =
                new Conduct.TabbedSession(Set.of(17L), Set.of("a1.x"), 5, List.of(ORDER_A), 4, 0, "paid", List.of());
        assertThat(ConductAudit.tabs(List.of(good), 0).passed()).isTrue();

        assertThat(ConductAudit.tabs(
                                List.of(new Conduct.TabbedSession(
                                        Set.of(17L, 18L),
                                        Set.of("a1.x"),
                                        5,
                                        List.of(ORDER_A),
                                        4,
                                        0,
                                        "paid",
                                        List.of())),
                                0)
                        .passed())
                .as("two places")
                .isFalse();
        assertThat(ConductAudit.tabs(
                                List.of(new Conduct.TabbedSession(
                                        Set.of(17L),
                                        Set.of("a1.x", "a1.y"),
                                        5,
                                        List.of(ORDER_A),
                                        4,
                                        0,
                                        "paid",
                                        List.of())),
                                0)
                        .passed())
                .as("two admissions")
                .isFalse();
        assertThat(ConductAudit.tabs(
                                List.of(new Conduct.TabbedSession(
                                        Set.of(17L),
                                        Set.of("a1.x"),
                                        5,
                                        List.of(ORDER_A, ORDER_B),
                                        3,
                                        0,
                                        "paid",
                                        List.of())),
                                0)
                        .passed())
                .as("two orders")
                .isFalse();
        assertThat(ConductAudit.tabs(
                        List.of(new Conduct.TabbedSession(
                                Set.of(17L),
                                Set.of("a1.x"),
                                5,
                                List.of(ORDER_A),
                                3,
                                1,
                                "paid",
                                List.of("201", "409 order-already-live", "409 order-already-live"))),
                        0))
                .as("a tab sent to another order, its session's clicks shown")
                .satisfies(check -> assertThat(check.passed()).isFalse())
                .satisfies(check -> assertThat(check.detail())
                        .endsWith("with a tab sent to another order: [[201, 409 order-already-live, 409"
                                + " order-already-live]]"));
    }

    @Test
    void aSessionMayHaveOnePlaceMoreForEachTimeTheLineWasLost() {
        Conduct.TabbedSession joinedAgain = new Conduct.TabbedSession(
                Set.of(17L, 3L), Set.of("a1.x"), 5, List.of(ORDER_A), 4, 0, "paid", List.of());

        assertThat(ConductAudit.tabs(List.of(joinedAgain), 1).passed()).isTrue();
        assertThat(ConductAudit.tabs(List.of(joinedAgain), 1).detail()).contains("the line was lost 1 time(s)");
        assertThat(ConductAudit.tabs(List.of(joinedAgain), 0).passed()).isFalse();
        Conduct.TabbedSession admittedTwice = new Conduct.TabbedSession(
                Set.of(17L, 3L), Set.of("a1.x", "a1.y"), 5, List.of(ORDER_A), 4, 0, "paid", List.of());
        assertThat(ConductAudit.tabs(List.of(admittedTwice), 1).passed()).isTrue();
        assertThat(ConductAudit.tabs(List.of(admittedTwice), 0).passed()).isFalse();
    }

    @Test
    void aHammerers5xxWhileAFaultLastsIsCountedApart() {
        Conduct.Hammering hammer = new Conduct.Hammering(400, 0, List.of(5L, 50L), 0, "paid");

        Audit.Check during = ConductAudit.hammers(List.of(hammer), at -> at < 100, 0);

        assertThat(during.passed()).isTrue();
        assertThat(during.detail()).contains("5xx 0 (and 2 during the stack's faults)");
        assertThat(ConductAudit.hammers(List.of(hammer), at -> at < 10, 0).passed())
                .isFalse();
        assertThat(ConductAudit.hammers(List.of(hammer), at -> at < 10, 0.01).passed())
                .as("1 of 400 after the faults: within a run with faults' budget")
                .isTrue();
        assertThat(ConductAudit.hammers(List.of(hammer), at -> false, 0.001).passed())
                .isFalse();
    }

    @Test
    void hammeringAnswered429sPassesAndA5xxOrNoAnswerOrNoFinalAnswerFails() {
        assertThat(ConductAudit.hammers(List.of(new Conduct.Hammering(400, 12, List.of(), 0, "paid")), NO_FAULT, 0)
                        .passed())
                .isTrue();
        assertThat(ConductAudit.hammers(List.of(new Conduct.Hammering(400, 12, List.of(7L), 0, "paid")), NO_FAULT, 0)
                        .passed())
                .isFalse();
        assertThat(ConductAudit.hammers(List.of(new Conduct.Hammering(400, 0, List.of(), 2, "paid")), NO_FAULT, 0)
                        .passed())
                .isFalse();
        assertThat(ConductAudit.hammers(
                                List.of(new Conduct.Hammering(400, 0, List.of(), 0, "time limit while waiting")),
                                NO_FAULT,
                                0)
                        .passed())
                .isFalse();
    }

    @Test
    void chargesComeFromTheSandboxOrElseFromTheEventsCapturedOnes() {
        OrderCharges acquirer = OrderCharges.ofSandbox(
                "http://sandbox",
                JSON.readTree(
                        "{\"charges\": [{\"orderId\": \"%s\", \"status\": \"DECLINED\"}, {\"orderId\": \"%s\", \"status\": \"SUCCEEDED\"}, {\"orderId\": \"nope\"}]}"
                                .formatted(ORDER_A, ORDER_A)));
        OrderCharges captured = OrderCharges.ofEventLedger(
                "unreachable",
                JSON.readTree(
                        "{\"charges\": [{\"orderId\": \"%s\", \"paymentStatus\": \"REFUNDED\"}]}".formatted(ORDER_B)));

        assertThat(acquirer.count(ORDER_A)).isEqualTo(2);
        assertThat(acquirer.captured(ORDER_A)).isEqualTo(1);
        assertThat(acquirer.everyCharge()).isTrue();
        assertThat(captured.captured(ORDER_B)).isEqualTo(1);
        assertThat(captured.everyCharge()).isFalse();
        assertThat(captured.source()).contains("event's ledger", "unreachable");
    }

    /** The sandbox's ledger with a charge of each status given after its order. */
    private static OrderCharges sandbox(Object... orderAndStatus) {
        StringBuilder charges = new StringBuilder();
        for (int i = 0; i < orderAndStatus.length; i += 2) {
            charges.append(i == 0 ? "" : ",")
                    .append("{\"orderId\": \"%s\", \"status\": \"%s\"}"
                            .formatted(orderAndStatus[i], orderAndStatus[i + 1]));
        }
        return OrderCharges.ofSandbox("http://sandbox", JSON.readTree("{\"charges\": [" + charges + "]}"));
    }
}
