package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.DriftKind;
import dev.onsale.common.events.GateReconciled;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.inventory.reconciliation.GateReconciliation;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import redis.clients.jedis.JedisPooled;

/**
 * The gate's side of reconciliation for what a message still travelling explains: booking's read of the
 * database is handed in as it would come (ReconcileGate), the gate is the real one. The run in the middle of a
 * 5,000-buyer race (HoldsSystemIT) and the injected drifts (ReconciliationSystemIT) are end to end.
 */
@InventoryServiceTest
class ReconciliationInFlightIT {

    private static final int CAPACITY = 10;
    private static final Duration WINDOW = Duration.ofSeconds(60);
    static final ReconcileGate.Settings SETTINGS = new ReconcileGate.Settings(CAPACITY, SaleState.OPEN, 4, 600);

    @Autowired
    Gate gate;

    @Autowired
    HoldReplyHandler replies;

    @Autowired
    GateReconciliation reconciliation;

    @Autowired
    JedisPooled jedis;

    private UUID eventId;

    @BeforeEach
    void setUp() {
        eventId = TestEvents.open(jedis, CAPACITY, 4);
    }

    @Test
    void aHoldPlacedAfterTheDatabaseWasReadIsInFlightNotDrift() {
        UUID pending = place(UUID.randomUUID(), List.of());

        GateReconciled answer = reconcile(CAPACITY, 0, 0, List.of());

        assertThat(answer.drifts()).isEmpty();
        assertThat(answer.inFlight()).isEqualTo(1);
        assertThat(jedis.hget(InventoryKeys.order(eventId, pending), "state")).isEqualTo("PENDING");
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);
    }

    @Test
    void anOrderConfirmedJustNowIsInFlightAndOneConfirmedLongAgoIsConvertedAtTheGate() {
        UUID session = UUID.randomUUID();
        UUID justNow = held(session, List.of("A-1-1", "A-1-2"));
        UUID longAgo = held(UUID.randomUUID(), List.of("A-1-3", "A-1-4"));

        GateReconciled answer = reconcile(
                CAPACITY - 4,
                0,
                4,
                List.of(
                        order(justNow, "CONFIRMED", List.of("A-1-1", "A-1-2"), Instant.now()),
                        order(
                                longAgo,
                                "CONFIRMED",
                                List.of("A-1-3", "A-1-4"),
                                Instant.now().minusSeconds(300))));

        assertThat(answer.inFlight()).isEqualTo(1);
        assertThat(answer.drifts()).singleElement().satisfies(drift -> {
            assertThat(drift.kind()).isEqualTo(DriftKind.ORDER_ENDED_GATE_LIVE);
            assertThat(drift.orderId()).isEqualTo(longAgo);
            assertThat(drift.action()).isEqualTo("CONVERTED_AT_GATE");
        });
        assertThat(jedis.hget(InventoryKeys.order(eventId, longAgo), "state")).isEqualTo("CONVERTED");
        assertThat(jedis.hget(InventoryKeys.order(eventId, justNow), "state")).isEqualTo("HELD");
        assertThat(TestEvents.sold(jedis, eventId)).isEqualTo(2);
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 4);
    }

    @Test
    void anOrderBookingEndedAfterTheReadIsInFlightAndNotTakenBack() {
        UUID ended = held(UUID.randomUUID(), List.of("A-2-1", "A-2-2"));
        Instant heldSince = Instant.now().minusSeconds(300);
        ReconcileGate read =
                command(CAPACITY - 2, 2, 0, List.of(order(ended, "HELD", List.of("A-2-1", "A-2-2"), heldSince)));
        // its OrderExpired reaches the gate between booking's read and the gate's
        assertThat(gate.release(eventId, ended, "expired")).isTrue();

        GateReconciled answer = reconciliation.reconcile(read).orElseThrow();

        assertThat(answer.drifts())
                .as("not DATABASE_HOLD_WITHOUT_GATE: the gate would take the seats back for good")
                .isEmpty();
        assertThat(answer.inFlight()).isEqualTo(1);
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
        assertThat(jedis.sismember(InventoryKeys.live(eventId), ended.toString()))
                .isFalse();
    }

    @Test
    void aLiveOrderMissingFromTheLiveSetIsListedAgainAndAnEntryWithoutARecordIsDroppedNeitherIsDrift() {
        UUID listedBefore = held(UUID.randomUUID(), List.of("A-3-1"));
        // as an order placed before the live set was kept would be
        jedis.srem(InventoryKeys.live(eventId), listedBefore.toString());
        UUID noRecord = UUID.randomUUID();
        jedis.sadd(InventoryKeys.live(eventId), noRecord.toString());

        GateReconciled answer = reconcile(
                CAPACITY - 1,
                1,
                0,
                List.of(order(
                        listedBefore, "HELD", List.of("A-3-1"), Instant.now().minusSeconds(300))));

        assertThat(answer.drifts()).isEmpty();
        assertThat(jedis.smembers(InventoryKeys.live(eventId))).containsExactly(listedBefore.toString());
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 1);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isEqualTo(1);
    }

    @Test
    void theSameDriftRepairedByTwoDeliveriesOfOneCommandMovesTheGateOnce() {
        jedis.decrBy(InventoryKeys.available(eventId), 3);
        ReconcileGate read = command(CAPACITY, 0, 0, List.of());

        GateReconciled first = reconciliation.reconcile(read).orElseThrow();
        GateReconciled second = reconciliation.reconcile(read).orElseThrow();

        assertThat(first.drifts()).extracting(GateReconciled.Drift::kind).containsExactly(DriftKind.COUNTER_DRIFT);
        assertThat(second.drifts()).isEmpty();
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
    }

    @Test
    void aCommandWhoseRunHasGivenUpIsNotActedOn() {
        jedis.decrBy(InventoryKeys.available(eventId), 3);
        var stale = ReconcileGate.whole(
                UUID.randomUUID(),
                eventId,
                Instant.now().minusSeconds(120),
                WINDOW.toMillis(),
                SETTINGS,
                CAPACITY,
                0,
                0,
                List.of());

        assertThat(reconciliation.reconcile(stale)).isEmpty();
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 3);
    }

    @Test
    void aBusyEventsSideComesInPartsAndIsComparedWholeOnceTheLastPartArrives() {
        UUID inFirstPart = held(UUID.randomUUID(), List.of("A-1-1", "A-1-2"));
        UUID inLastPart = held(UUID.randomUUID(), List.of("A-1-3", "A-1-4"));
        Instant longAgo = Instant.now().minusSeconds(300);
        List<DatabaseOrder> orders = new ArrayList<>();
        orders.add(order(inFirstPart, "HELD", List.of("A-1-1", "A-1-2"), longAgo));
        for (int i = 0; i < 2 * ReconcileGate.ORDERS_PER_PART; i++) {
            orders.add(order(
                    UUID.randomUUID(),
                    "ENDED",
                    List.of("A-2-" + (1 + i % 5)),
                    Instant.now().minusSeconds(5)));
        }
        orders.add(order(inLastPart, "HELD", List.of("A-1-3", "A-1-4"), longAgo));
        List<ReconcileGate> parts = command(CAPACITY - 4, 4, 0, orders).inParts(ReconcileGate.ORDERS_PER_PART);
        assertThat(parts).extracting(ReconcileGate::part).containsExactly(1, 2, 3);

        assertThat(reconciliation.reconcile(parts.get(2)))
                .as("the last part alone")
                .isEmpty();
        assertThat(reconciliation.reconcile(parts.get(0))).as("with the first").isEmpty();
        assertThat(reconciliation.reconcile(parts.get(0)))
                .as("the first part delivered again")
                .isEmpty();
        GateReconciled answer = reconciliation.reconcile(parts.get(1)).orElseThrow();

        assertThat(answer.drifts())
                .as("both held orders found, each in its own part")
                .isEmpty();
        assertThat(answer.gate().liveHolds()).isEqualTo(2);
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 4);
        assertThat(reconciliation.reconcile(parts.get(2)))
                .as("a part of a question answered already starts over")
                .isEmpty();
    }

    private GateReconciled reconcile(int free, int held, int sold, List<DatabaseOrder> orders) {
        return reconciliation.reconcile(command(free, held, sold, orders)).orElseThrow();
    }

    private ReconcileGate command(int free, int held, int sold, List<DatabaseOrder> orders) {
        return ReconcileGate.whole(
                UUID.randomUUID(), eventId, Instant.now(), WINDOW.toMillis(), SETTINGS, free, held, sold, orders);
    }

    private static DatabaseOrder order(UUID orderId, String status, List<String> seats, Instant changedAt) {
        return new DatabaseOrder(
                orderId,
                UUID.randomUUID(),
                status,
                seats,
                changedAt,
                Instant.now().plusSeconds(600));
    }

    private UUID place(UUID session, List<String> seats) {
        UUID orderId = UUID.randomUUID();
        HoldRequest request = seats.isEmpty()
                ? HoldRequest.ofQuantity(eventId, session, 2, null)
                : HoldRequest.ofSeats(eventId, session, seats, null);
        assertThat(gate.place(orderId, request)).isInstanceOf(Placement.Placed.class);
        return orderId;
    }

    private UUID held(UUID session, List<String> seats) {
        UUID orderId = place(session, seats);
        replies.apply(new SeatsAllocated(
                orderId,
                eventId,
                session,
                seats,
                3000L * seats.size(),
                "EUR",
                Instant.now().plusSeconds(600)));
        return orderId;
    }
}
