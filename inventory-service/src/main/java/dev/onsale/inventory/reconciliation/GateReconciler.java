package dev.onsale.inventory.reconciliation;

import dev.onsale.common.events.DriftKind;
import dev.onsale.common.events.GateReconciled;
import dev.onsale.common.events.GateReconciled.Drift;
import dev.onsale.common.events.GateReconciled.GateCounts;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.inventory.hold.Gate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Compares one event's gate with the database's side of it (read by booking just before) and repairs the gate
 * toward the database. The database was read first, the gate after, so a message still travelling between them
 * explains a difference when the order it concerns changed within the in-flight window: such an order is counted
 * as in flight, and the counters are compared with what the database says once those orders are allowed for.
 *
 * <p>Per order: a live gate order the database does not hold is {@code GATE_HOLD_UNKNOWN} while PENDING (booking
 * never allocated it: timed out, CancelAllocation sent) and {@code ORDER_ENDED_GATE_LIVE} once HELD (booking
 * ended it: released) or when the database confirmed it (converted); a live database order the gate does not
 * count is {@code DATABASE_HOLD_WITHOUT_GATE} (the gate takes its seats back); a seat claim or session key naming
 * no live order is cleared. Then the counters: what is left over is {@code COUNTER_DRIFT}, moved by its delta.
 * Every repair is a script that re-checks the state it acts on, so one that meets a change made meanwhile does
 * nothing; the counters are then left for the next run ({@code DEFERRED}). A gate without a counter lost its store:
 * it is rebuilt from the database ({@code REBUILT}) and every live order is taken back.
 */
@Component
class GateReconciler {

    static final String RELEASED = "RELEASED_AT_GATE";
    static final String CONVERTED = "CONVERTED_AT_GATE";
    static final String TAKEN = "TAKEN_AT_GATE";
    static final String CLEARED = "CLEARED";
    static final String ADJUSTED = "ADJUSTED";
    static final String DEFERRED = "DEFERRED";
    static final String REBUILT = "REBUILT";
    /** The reason recorded on an order the gate ends because the database ended it. */
    static final String RECONCILED = "RECONCILED";

    private static final Logger log = LoggerFactory.getLogger(GateReconciler.class);

    private final GateInspection inspection;
    private final Gate gate;

    GateReconciler(GateInspection inspection, Gate gate) {
        this.inspection = inspection;
        this.gate = gate;
    }

    GateReconciled reconcile(ReconcileGate database) {
        UUID eventId = database.eventId();
        Map<UUID, DatabaseOrder> orders = database.orders().stream()
                .collect(Collectors.toMap(DatabaseOrder::orderId, Function.identity(), (a, b) -> a));
        List<UUID> databaseLive = database.orders().stream()
                .filter(DatabaseOrder::live)
                .map(DatabaseOrder::orderId)
                .toList();
        GateSnapshot seen = inspection.observe(eventId, databaseLive);
        Instant inFlightSince = seen.observedAt().minusMillis(database.inFlightWindowMillis());
        var pass = new Pass(eventId, seen);

        if (seen.available().isEmpty()) {
            rebuild(database, pass);
            return pass.reply(database.runId());
        }
        Set<UUID> gateLive = new HashSet<>();
        for (GateSnapshot.LiveOrder order : seen.live()) {
            if (order.state().isEmpty()) {
                // listed, but the gate has no record of it any more: nothing to end, and nothing it counts
                inspection.forgetLive(eventId, order.orderId());
                continue;
            }
            gateLive.add(order.orderId());
            pass.liveEntries++;
            pass.gateOrder(order, orders.get(order.orderId()), inFlightSince);
        }
        for (UUID id : databaseLive) {
            if (!gateLive.contains(id)
                    && pass.databaseOrder(orders.get(id), seen.states().get(id), inFlightSince)) {
                gateLive.add(id);
            }
        }
        seen.claims().forEach((seat, owner) -> {
            DatabaseOrder order = orders.get(owner);
            boolean named = gateLive.contains(owner)
                    || (order != null && order.takesSeats() && order.seatIds().contains(seat));
            if (!named) {
                pass.drift(
                        DriftKind.STALE_SEAT_CLAIM,
                        owner,
                        seat,
                        "seat " + seat + " is claimed for order " + owner + ", which is not live at the gate and"
                                + " holds no such seat in the database",
                        inspection.clearClaim(eventId, seat, owner) ? CLEARED : DEFERRED);
            }
        });
        seen.sessions().forEach((session, owner) -> {
            if (!gateLive.contains(owner)) {
                pass.drift(
                        DriftKind.STALE_SESSION_KEY,
                        owner,
                        null,
                        "session " + session + " is kept busy by order " + owner + ", which is not live at the gate",
                        inspection.clearSession(eventId, session, owner) ? CLEARED : DEFERRED);
            }
        });
        pass.counters(database);
        return pass.reply(database.runId());
    }

    /**
     * The gate has no counter for an event the database has open: Redis lost it. Rebuilt from the database, then
     * every live order taken back; each is reported, so that the report says what the gate was rebuilt to.
     */
    private void rebuild(ReconcileGate database, Pass pass) {
        ReconcileGate.Settings settings = database.settings();
        boolean rebuilt = inspection.rebuild(database);
        pass.drift(
                DriftKind.COUNTER_DRIFT,
                null,
                null,
                "the gate had no counter for the event (its store was lost);"
                        + " rebuilt from the database: capacity %d, free %d, held %d, sold %d, sale %s"
                                .formatted(
                                        settings.capacity(),
                                        database.free(),
                                        database.held(),
                                        database.sold(),
                                        settings.saleState()),
                rebuilt ? REBUILT : DEFERRED);
        if (!rebuilt) {
            return;
        }
        for (DatabaseOrder order : database.orders()) {
            if (order.live()) {
                boolean adopted = inspection.adopt(database.eventId(), order, false);
                pass.drift(
                        DriftKind.DATABASE_HOLD_WITHOUT_GATE,
                        order.orderId(),
                        null,
                        "the database holds "
                                + String.join(",", order.seatIds()) + " for the order (" + order.status() + " since "
                                + order.changedAt() + "); the rebuilt gate counts it again",
                        adopted ? TAKEN : DEFERRED);
            }
        }
    }

    /** One event's comparison: the drifts found, and the running sums the counters are compared with. */
    private final class Pass {

        private final UUID eventId;
        private final GateSnapshot seen;
        private final List<Drift> drifts = new ArrayList<>();
        private int inFlight;
        /** What in-flight orders make the gate's counters differ from the database's by, for now. */
        private long availableInFlight;

        private long soldInFlight;
        /** What this run's own repairs moved the counters by. */
        private long availableRepaired;

        private long liveRepaired;
        private long soldRepaired;
        private boolean deferred;
        /** Live orders the gate has a record of, listed in its live set (or listed by this run). */
        private int liveEntries;

        Pass(UUID eventId, GateSnapshot seen) {
            this.eventId = eventId;
            this.seen = seen;
        }

        void gateOrder(GateSnapshot.LiveOrder order, DatabaseOrder database, Instant inFlightSince) {
            if (database != null && database.live()) {
                return;
            }
            if (database != null && database.confirmed()) {
                if (database.changedAt().isAfter(inFlightSince)) {
                    inFlight++;
                    soldInFlight -= order.quantity();
                    return;
                }
                boolean converted = gate.convert(eventId, order.orderId());
                drift(
                        DriftKind.ORDER_ENDED_GATE_LIVE,
                        order.orderId(),
                        null,
                        "the database confirmed the order at " + database.changedAt() + "; the gate still counted it as"
                                + " a " + order.state() + " hold of " + order.quantity(),
                        converted ? CONVERTED : DEFERRED);
                if (converted) {
                    liveRepaired--;
                    soldRepaired += order.quantity();
                } else {
                    deferred = true;
                }
                return;
            }
            if (database != null || order.requestedAt().isAfter(inFlightSince)) {
                // ended in the database within the window, or placed within it: its message is on its way
                inFlight++;
                availableInFlight -= order.quantity();
                return;
            }
            boolean ended;
            if (order.pending()) {
                ended = gate.timeOut(eventId, order.orderId());
                drift(
                        DriftKind.GATE_HOLD_UNKNOWN,
                        order.orderId(),
                        null,
                        "PENDING at the gate since " + order.requestedAt() + " for " + order.quantity()
                                + " seat(s); the database holds no such order",
                        ended ? RELEASED : DEFERRED);
            } else {
                ended = gate.release(eventId, order.orderId(), RECONCILED);
                drift(
                        DriftKind.ORDER_ENDED_GATE_LIVE,
                        order.orderId(),
                        null,
                        "HELD at the gate for " + order.quantity() + " seat(s); the database has ended the order",
                        ended ? RELEASED : DEFERRED);
            }
            if (ended) {
                liveRepaired--;
                availableRepaired += order.quantity();
            } else {
                deferred = true;
            }
        }

        /** @return whether the order is live at the gate now (listed in its live set, or taken back, by this call) */
        boolean databaseOrder(DatabaseOrder order, String gateState, Instant inFlightSince) {
            int seats = order.seatIds().size();
            if ("PENDING".equals(gateState) || "HELD".equals(gateState)) {
                // live at the gate, missing from its live set only (placed before the set was kept): listed now
                inspection.addLive(eventId, order.orderId());
                liveEntries++;
                return true;
            }
            if ("RELEASED".equals(gateState)) {
                // booking's own end of the order reached the gate after the database was read
                inFlight++;
                availableInFlight += seats;
                return false;
            }
            if ("CONVERTED".equals(gateState)) {
                inFlight++;
                soldInFlight += seats;
                return false;
            }
            if (gateState != null && order.changedAt().isAfter(inFlightSince)) {
                // ended at the gate (timed out, refused) just now: its CancelAllocation is on its way to booking.
                // Without any record the gate never learns of the order: it was lost, and is taken back at once.
                inFlight++;
                availableInFlight += seats;
                return false;
            }
            boolean adopted = inspection.adopt(eventId, order);
            drift(
                    DriftKind.DATABASE_HOLD_WITHOUT_GATE,
                    order.orderId(),
                    null,
                    "the database holds " + String.join(",", order.seatIds()) + " for the order (" + order.status()
                            + " since " + order.changedAt() + "); the gate "
                            + (gateState == null ? "has no record of it" : "has it " + gateState),
                    adopted ? TAKEN : DEFERRED);
            if (adopted) {
                liveRepaired++;
                availableRepaired -= seats;
            } else {
                deferred = true;
            }
            return adopted;
        }

        void counters(ReconcileGate database) {
            long available = seen.available().orElseThrow();
            long availableDelta = database.free() + availableInFlight - (available + availableRepaired);
            long liveDelta = liveEntries - seen.liveHolds();
            long soldDelta = database.sold() + soldInFlight - (seen.sold() + soldRepaired);
            if (availableDelta == 0 && liveDelta == 0 && soldDelta == 0) {
                return;
            }
            String detail =
                    "gate available %d, live holds %d, sold %d; database free %d, held %d, sold %d; %d order(s) in flight; moved by %+d, %+d, %+d"
                            .formatted(
                                    available,
                                    seen.liveHolds(),
                                    seen.sold(),
                                    database.free(),
                                    database.held(),
                                    database.sold(),
                                    inFlight,
                                    availableDelta,
                                    liveDelta,
                                    soldDelta);
            if (deferred) {
                drift(
                        DriftKind.COUNTER_DRIFT,
                        null,
                        null,
                        detail.replace(
                                "moved by",
                                "not moved (a repair met a change" + " made meanwhile; the next run compares again):"),
                        DEFERRED);
                return;
            }
            inspection.adjust(eventId, availableDelta, liveDelta, soldDelta);
            drift(DriftKind.COUNTER_DRIFT, null, null, detail, ADJUSTED);
        }

        void drift(DriftKind kind, UUID orderId, String seatId, String detail, String action) {
            log.warn(
                    "reconciliation: {} on event {}{}: {} -> {}",
                    kind,
                    eventId,
                    orderId == null ? "" : " order " + orderId,
                    detail,
                    action);
            drifts.add(new Drift(kind, orderId, seatId, detail, action));
        }

        GateReconciled reply(UUID runId) {
            return new GateReconciled(
                    runId,
                    eventId,
                    seen.observedAt(),
                    new GateCounts(seen.available().orElse(0L), seen.liveHolds(), seen.sold()),
                    inFlight,
                    drifts);
        }
    }
}
