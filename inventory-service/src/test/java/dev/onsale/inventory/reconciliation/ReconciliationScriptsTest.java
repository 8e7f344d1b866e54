package dev.onsale.inventory.reconciliation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.common.events.SaleState;
import dev.onsale.inventory.ScriptHeader;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Each reconciliation script's call against its header: the fixed KEYS and ARGV it names, the status words it
 * returns, and a reply outside the contract failing loudly.
 */
class ReconciliationScriptsTest {

    private static final UUID EVENT = UUID.fromString("00000000-0000-0000-0000-00000000000e");
    private static final UUID ORDER = UUID.fromString("00000000-0000-0000-0000-000000000001");
    private static final UUID SESSION = UUID.fromString("00000000-0000-0000-0000-000000000005");
    private static final UUID AVAILABILITY = UUID.fromString("00000000-0000-0000-0000-000000000002");
    private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");
    private static final String E = "inventory:{" + EVENT + "}:";

    private static DatabaseOrder order(String status, List<String> seats, Instant expiresAt) {
        return new DatabaseOrder(ORDER, SESSION, status, seats, NOW.minusSeconds(5), expiresAt);
    }

    @Nested
    class Adopt {

        private static final ScriptHeader HEADER = ScriptHeader.of(AdoptScript.class, AdoptScript.RESOURCE);

        @Test
        void keysAndArgsAreLaidOutAsTheHeaderNamesThem() {
            var call = new AdoptScript(
                    EVENT,
                    order("HELD", List.of("A-1", "A-2"), NOW.plusMillis(90_001)),
                    Duration.ofHours(1),
                    NOW,
                    false,
                    AVAILABILITY);

            assertThat(call.keys())
                    .containsExactly(
                            E + "order:" + ORDER,
                            E + "available",
                            E + "live-holds",
                            E + "outbox",
                            E + "hold-timer:" + ORDER,
                            E + "seat:A-1",
                            E + "seat:A-2");
            assertThat(call.args())
                    .containsExactly(
                            ORDER.toString(),
                            EVENT.toString(),
                            E,
                            SESSION.toString(),
                            "2026-05-01T10:01:30.001Z",
                            "91",
                            "3600",
                            "2026-05-01T10:00:00Z",
                            "onsale.inventory",
                            AVAILABILITY.toString(),
                            "0");
            assertThat(call.keys()).hasSizeGreaterThan(HEADER.fixedKeys());
            assertThat(call.args()).hasSize(HEADER.fixedArgs());
        }

        @Test
        void anOrderAlreadyPastItsExpiryStillGetsATimerOfOneSecond() {
            var call = new AdoptScript(
                    EVENT,
                    order("HELD", List.of("A-1"), NOW.minusSeconds(3)),
                    Duration.ofHours(1),
                    NOW,
                    true,
                    AVAILABILITY);

            assertThat(call.timerSeconds()).isEqualTo(1);
            assertThat(call.args().getLast()).isEqualTo("1");
        }

        @Test
        void theResultsAreTheStatusWordsTheHeaderReturns() {
            assertThat(Arrays.stream(AdoptScript.Result.values()).map(Enum::name))
                    .containsExactlyInAnyOrderElementsOf(HEADER.words("Returns"));
            assertThat(AdoptScript.Result.of(List.of("ADOPTED", 12L))).isEqualTo(AdoptScript.Result.ADOPTED);
            assertThat(AdoptScript.Result.of(List.of("NO_GATE"))).isEqualTo(AdoptScript.Result.NO_GATE);
            assertThatThrownBy(() -> AdoptScript.Result.of(List.of("REBUILT")))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("adopt.lua answered [REBUILT]");
        }
    }

    @Nested
    class Rebuild {

        private static final ScriptHeader HEADER = ScriptHeader.of(RebuildScript.class, RebuildScript.RESOURCE);
        private static final UUID SOLD_TO = UUID.fromString("00000000-0000-0000-0000-000000000009");

        @Test
        void keysAndArgsAreLaidOutAsTheHeaderNamesThemWithAClaimPerSoldSeat() {
            ReconcileGate database = ReconcileGate.whole(
                    UUID.randomUUID(),
                    EVENT,
                    NOW,
                    30_000,
                    new ReconcileGate.Settings(100, SaleState.OPEN, 4, 600),
                    95,
                    2,
                    3,
                    List.of(
                            order("HELD", List.of("B-1", "B-2"), NOW.plusSeconds(60)),
                            new DatabaseOrder(SOLD_TO, SESSION, "CONFIRMED", List.of("C-1", "C-2", "C-3"), NOW, NOW)));
            var call = new RebuildScript(database, NOW, AVAILABILITY);

            assertThat(call.keys())
                    .containsExactly(
                            E + "available",
                            E + "capacity",
                            E + "sale-state",
                            E + "settings",
                            E + "live-holds",
                            E + "sold",
                            E + "outbox",
                            E + "seat:C-1",
                            E + "seat:C-2",
                            E + "seat:C-3");
            assertThat(call.args())
                    .containsExactly(
                            "100",
                            "OPEN",
                            "4",
                            "600",
                            "95",
                            "3",
                            EVENT.toString(),
                            "2026-05-01T10:00:00Z",
                            "onsale.inventory",
                            AVAILABILITY.toString(),
                            SOLD_TO.toString(),
                            SOLD_TO.toString(),
                            SOLD_TO.toString());
            assertThat(call.keys().size() - HEADER.fixedKeys())
                    .as("one order per sold seat, after the fixed arguments")
                    .isEqualTo(call.args().size() - HEADER.fixedArgs());
        }

        @Test
        void theResultsAreTheStatusWordsTheHeaderReturns() {
            assertThat(Arrays.stream(RebuildScript.Result.values()).map(Enum::name))
                    .containsExactlyInAnyOrderElementsOf(HEADER.words("Returns"));
            assertThat(RebuildScript.Result.of(List.of("REBUILT", 95L))).isEqualTo(RebuildScript.Result.REBUILT);
            assertThatThrownBy(() -> RebuildScript.Result.of("OK"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("rebuild.lua answered OK");
        }
    }

    @Nested
    class ClearStale {

        private static final ScriptHeader HEADER = ScriptHeader.of(ClearStaleScript.class, ClearStaleScript.RESOURCE);

        @Test
        void aClaimAndASessionKeyAreLaidOutAsTheHeaderNamesThem() {
            var claim = ClearStaleScript.claim(EVENT, "A-7", ORDER);
            var session = ClearStaleScript.session(EVENT, SESSION, ORDER);

            assertThat(claim.keys()).containsExactly(E + "seat:A-7");
            assertThat(session.keys()).containsExactly(E + "session:" + SESSION);
            assertThat(claim.args()).containsExactly(ORDER.toString(), E).hasSize(HEADER.fixedArgs());
            assertThat(session.keys()).hasSize(HEADER.fixedKeys());
        }

        @Test
        void theResultsAreTheStatusWordsTheHeaderReturns() {
            assertThat(Arrays.stream(ClearStaleScript.Result.values()).map(Enum::name))
                    .containsExactlyInAnyOrderElementsOf(HEADER.words("Returns"));
            assertThat(ClearStaleScript.Result.of("CLEARED")).isEqualTo(ClearStaleScript.Result.CLEARED);
            assertThatThrownBy(() -> ClearStaleScript.Result.of(1L))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("clear_stale.lua answered 1");
        }
    }

    @Nested
    class AdjustCounters {

        private static final ScriptHeader HEADER =
                ScriptHeader.of(AdjustCountersScript.class, AdjustCountersScript.RESOURCE);

        @Test
        void keysAndArgsAreLaidOutAsTheHeaderNamesThem() {
            var call = new AdjustCountersScript(EVENT, -2, 1, 0, NOW, AVAILABILITY);

            assertThat(call.keys())
                    .containsExactly(E + "available", E + "live-holds", E + "sold", E + "outbox")
                    .hasSize(HEADER.fixedKeys());
            assertThat(call.args())
                    .containsExactly(
                            "-2",
                            "1",
                            "0",
                            EVENT.toString(),
                            "2026-05-01T10:00:00Z",
                            "onsale.inventory",
                            AVAILABILITY.toString())
                    .hasSize(HEADER.fixedArgs());
        }

        @Test
        void theReplyIsThreeCountersOrAFailure() {
            assertThat(AdjustCountersScript.counters(List.of(7L, 2L, 91L))).containsExactly(7L, 2L, 91L);
            assertThatThrownBy(() -> AdjustCountersScript.counters(List.of(7L, 2L)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not three counters");
            assertThatThrownBy(() -> AdjustCountersScript.counters("ERR"))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("not a list");
        }
    }

    @Nested
    class Observe {

        private static final ScriptHeader HEADER = ScriptHeader.of(ObserveScript.class, ObserveScript.RESOURCE);
        private static final UUID OTHER = UUID.fromString("00000000-0000-0000-0000-000000000003");

        private final ObserveScript call = new ObserveScript(
                EVENT,
                List.of(E + "seat:A-1", E + "seat:A-2"),
                List.of(E + "session:" + SESSION),
                List.of(ORDER, OTHER));

        @Test
        void keysAndArgsAreLaidOutAsTheHeaderNamesThem() {
            assertThat(call.keys())
                    .containsExactly(
                            E + "available",
                            E + "live-holds",
                            E + "sold",
                            E + "live",
                            E + "seat:A-1",
                            E + "seat:A-2",
                            E + "session:" + SESSION);
            assertThat(call.args()).containsExactly(E, "2", ORDER.toString(), OTHER.toString());
            assertThat(call.keys().size() - HEADER.fixedKeys()).isEqualTo(3);
            assertThat(call.args().size() - HEADER.fixedArgs()).isEqualTo(2);
        }

        @Test
        void theReplyBecomesTheSnapshotLeavingOutKeysGoneSinceTheScan() {
            List<Object> reply = Arrays.asList(
                    "40",
                    1L,
                    59L,
                    1_777_629_600_000L,
                    List.of(ORDER.toString(), "HELD", "2", "A-1,A-2", SESSION.toString(), "2026-05-01T09:59:00Z"),
                    Arrays.asList(ORDER.toString(), null),
                    List.of(ORDER.toString()),
                    Arrays.asList("HELD", null));

            GateSnapshot gate = call.snapshot(reply);

            assertThat(gate.observedAt()).isEqualTo(Instant.ofEpochMilli(1_777_629_600_000L));
            assertThat(gate.available()).contains(40L);
            assertThat(gate.liveHolds()).isEqualTo(1);
            assertThat(gate.sold()).isEqualTo(59);
            assertThat(gate.live())
                    .containsExactly(new GateSnapshot.LiveOrder(
                            ORDER, "HELD", 2, List.of("A-1", "A-2"), SESSION, Instant.parse("2026-05-01T09:59:00Z")));
            assertThat(gate.claims()).containsOnlyKeys("A-1").containsEntry("A-1", ORDER);
            assertThat(gate.sessions()).containsExactlyEntriesOf(Map.of(SESSION, ORDER));
            assertThat(gate.states()).containsOnlyKeys(ORDER).containsEntry(ORDER, "HELD");
        }

        @Test
        void aGateWithoutACounterHasNoAvailableAndAShortReplyFails() {
            List<Object> reply = Arrays.asList(
                    null,
                    0L,
                    0L,
                    1L,
                    List.of(),
                    Arrays.asList(null, null),
                    Arrays.asList((Object) null),
                    Arrays.asList(null, null));

            assertThat(call.snapshot(reply).available()).isEqualTo(Optional.empty());
            assertThatThrownBy(() -> call.snapshot(List.of("40", 1L)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("observe.lua answered 2 parts, not 8");
        }
    }
}
