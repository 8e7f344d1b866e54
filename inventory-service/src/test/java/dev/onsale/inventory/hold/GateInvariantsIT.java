package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.engines.Engines;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.platform.streamrelay.StreamRegistry;
import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import redis.clients.jedis.JedisPooled;

/**
 * Random sequences of place / allocate / refuse / time out / cancel / expire / convert / redeliver on a
 * small event, against the real gate scripts on real Redis: after every step the gate's own state
 * satisfies {@code free + held + sold == capacity}, its counter is never negative, its live-hold count
 * matches its live orders, and no seat is claimed by an order that ended.
 */
class GateInvariantsIT {

    private static final int CAPACITY = 6;
    private static final List<String> SEATS = TestEvents.seats(CAPACITY);

    private static JedisPooled jedis;
    private static Gate gate;

    @BeforeContainer
    static void connect() {
        jedis = new JedisPooled(URI.create(Engines.forTests().redisUrl()));
        HoldsProperties properties = TestEvents.holdsProperties();
        gate = new Gate(jedis, new StreamRegistry(jedis, "inventory:test-streams"), properties, Clock.systemUTC());
    }

    @AfterContainer
    static void disconnect() {
        jedis.close();
    }

    sealed interface Step {}

    record Place(int session, int quantity, List<String> seats) implements Step {}

    record Allocate(int order) implements Step {}

    record TimeOut(int order) implements Step {}

    record Cancel(int order) implements Step {}

    record Expire(int order) implements Step {}

    record Convert(int order) implements Step {}

    record Redeliver(int order) implements Step {}

    @Provide
    Arbitrary<List<Step>> sequences() {
        Arbitrary<Integer> order = Arbitraries.integers().between(0, 20);
        Arbitrary<Step> place = Combinators.combine(
                        Arbitraries.integers().between(0, 3),
                        Arbitraries.integers().between(1, 3),
                        Arbitraries.of(SEATS).set().ofMinSize(0).ofMaxSize(3))
                .as((session, quantity, seats) ->
                        new Place(session, seats.isEmpty() ? quantity : seats.size(), List.copyOf(seats)));
        Arbitrary<Step> step = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, place),
                net.jqwik.api.Tuple.of(4, order.map(Allocate::new)),
                net.jqwik.api.Tuple.of(1, order.map(TimeOut::new)),
                net.jqwik.api.Tuple.of(2, order.map(Cancel::new)),
                net.jqwik.api.Tuple.of(2, order.map(Expire::new)),
                net.jqwik.api.Tuple.of(2, order.map(Convert::new)),
                net.jqwik.api.Tuple.of(1, order.map(Redeliver::new)));
        return step.list().ofMinSize(1).ofMaxSize(40);
    }

    @Property(tries = 150)
    void freeAndHeldAndSoldAlwaysAddUpToTheCapacity(@ForAll("sequences") List<Step> steps) {
        UUID eventId = TestEvents.open(jedis, CAPACITY, 3);
        UUID[] sessions = {UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID(), UUID.randomUUID()};
        Booking booking = new Booking();
        List<UUID> orders = new ArrayList<>();
        Map<UUID, HoldRequest> requests = new HashMap<>();
        for (Step step : steps) {
            switch (step) {
                case Place place -> {
                    UUID orderId = UUID.randomUUID();
                    HoldRequest request = place.seats().isEmpty()
                            ? HoldRequest.ofQuantity(eventId, sessions[place.session()], place.quantity(), null)
                            : HoldRequest.ofSeats(eventId, sessions[place.session()], place.seats(), null);
                    if (gate.place(orderId, request) instanceof Placement.Placed) {
                        orders.add(orderId);
                        requests.put(orderId, request);
                    }
                }
                case Allocate allocate ->
                    pick(orders, allocate.order()).ifPresent(orderId -> {
                        if (booking.known(orderId)) {
                            return;
                        }
                        HoldRequest request = requests.get(orderId);
                        List<String> seats = booking.allocate(orderId, request);
                        if (seats == null) {
                            gate.refuse(new AllocationRefused(
                                    orderId,
                                    eventId,
                                    request.seatIds().isEmpty()
                                            ? AllocationRefused.Reason.SOLD_OUT
                                            : AllocationRefused.Reason.SEAT_UNAVAILABLE));
                        } else if (!gate.markHeld(new SeatsAllocated(
                                orderId,
                                eventId,
                                request.sessionId(),
                                seats,
                                3000L * seats.size(),
                                "EUR",
                                Instant.now().plusSeconds(600)))) {
                            booking.release(orderId);
                        }
                    });
                case TimeOut timeOut ->
                    pick(orders, timeOut.order()).ifPresent(orderId -> {
                        if (gate.timeOut(eventId, orderId)) {
                            booking.release(orderId);
                        }
                    });
                case Cancel cancel ->
                    pick(orders, cancel.order()).ifPresent(orderId -> {
                        if (booking.release(orderId)) {
                            gate.release(eventId, orderId, "cancelled");
                        }
                    });
                case Expire expire ->
                    pick(orders, expire.order()).ifPresent(orderId -> {
                        if (booking.release(orderId)) {
                            gate.release(eventId, orderId, "expired");
                        }
                    });
                case Convert convert ->
                    pick(orders, convert.order()).ifPresent(orderId -> {
                        if (booking.confirm(orderId)) {
                            gate.convert(eventId, orderId);
                        }
                    });
                case Redeliver redeliver ->
                    pick(orders, redeliver.order()).ifPresent(orderId -> {
                        if (booking.released(orderId)) {
                            gate.release(eventId, orderId, "cancelled");
                        }
                    });
            }
            assertInvariants(eventId, orders);
        }
    }

    private static void assertInvariants(UUID eventId, List<UUID> orders) {
        long available = TestEvents.available(jedis, eventId);
        long held = 0;
        long live = 0;
        Map<UUID, OrderRecord> records = new HashMap<>();
        for (UUID orderId : orders) {
            OrderRecord order = gate.order(eventId, orderId).orElseThrow();
            records.put(orderId, order);
            if (order.state() == OrderRecord.OrderState.PENDING || order.state() == OrderRecord.OrderState.HELD) {
                held += order.quantity();
                live++;
            }
        }
        assertThat(available).isNotNegative();
        assertThat(available + held + TestEvents.sold(jedis, eventId)).isEqualTo(CAPACITY);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isEqualTo(live);
        for (String seat : SEATS) {
            String owner = jedis.get(InventoryKeys.seat(eventId, seat));
            if (owner != null) {
                assertThat(records.get(UUID.fromString(owner)).state().takesSeats())
                        .as("seat %s is claimed by %s", seat, records.get(UUID.fromString(owner)))
                        .isTrue();
            }
        }
    }

    private static java.util.Optional<UUID> pick(List<UUID> orders, int index) {
        return orders.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(orders.get(index % orders.size()));
    }

    /** The database's side, as far as the gate is concerned: which seats each order holds. */
    private static final class Booking {

        private final Set<String> free = new LinkedHashSet<>(SEATS);
        private final Map<UUID, List<String>> holding = new HashMap<>();
        private final Set<UUID> decided = new java.util.HashSet<>();
        private final Set<UUID> ended = new java.util.HashSet<>();

        boolean known(UUID orderId) {
            return decided.contains(orderId);
        }

        /** @return the allocated seats, or null for a refusal */
        List<String> allocate(UUID orderId, HoldRequest request) {
            decided.add(orderId);
            List<String> seats = request.seatIds().isEmpty()
                    ? (free.size() < request.quantity()
                            ? null
                            : free.stream().limit(request.quantity()).toList())
                    : (free.containsAll(request.seatIds()) ? request.seatIds() : null);
            if (seats != null) {
                seats.forEach(free::remove);
                holding.put(orderId, seats);
            }
            return seats;
        }

        /** @return whether the order was held and is released now (booking emits its order event) */
        boolean release(UUID orderId) {
            List<String> seats = holding.remove(orderId);
            if (seats == null) {
                return false;
            }
            free.addAll(seats);
            ended.add(orderId);
            return true;
        }

        boolean confirm(UUID orderId) {
            return holding.remove(orderId) != null;
        }

        boolean released(UUID orderId) {
            return ended.contains(orderId);
        }
    }
}
