package dev.onsale.booking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.booking.event.EventCreation;
import dev.onsale.booking.event.NewEvent;
import dev.onsale.booking.event.SeatLayout.SeatMap;
import dev.onsale.booking.event.SeatLayout.Section;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.booking.order.BuyerOrders;
import dev.onsale.booking.order.IllegalOrderTransition;
import dev.onsale.booking.order.OrderExpiry;
import dev.onsale.booking.order.OrderStatus;
import dev.onsale.booking.order.OrderTransitions;
import dev.onsale.booking.order.PaymentOutcomes;
import dev.onsale.common.events.AllocateSeats;
import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.HoldReply;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.engines.Engines;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Random sequences of place / cancel / expire / start payment / convert / fail payment, applied through
 * the service's own components to the real database, against a model of who holds which seat. After every
 * step the database agrees with the model and {@code free + held + sold == capacity}.
 * The service runs here without its Kafka listeners, relay and sweeper: the steps alone move the orders.
 */
class SeatAccountingPropertiesIT {

    private static final int ROWS = 2;
    private static final int SEATS_PER_ROW = 5;
    private static final int CAPACITY = ROWS * SEATS_PER_ROW;
    private static final int MAX_PER_ORDER = 4;

    private static ConfigurableApplicationContext service;

    sealed interface Step {}

    /** Seats picked by {@code seed} when {@code chosen}, else any {@code quantity}. */
    record Place(int quantity, boolean chosen, int seed) implements Step {}

    record Cancel(int pick) implements Step {}

    record Expire(int pick) implements Step {}

    record StartPayment(int pick) implements Step {}

    record Convert(int pick) implements Step {}

    record FailPayment(int pick) implements Step {}

    @BeforeContainer
    static void startService() {
        Engines.forTests().environment().forEach(System::setProperty);
        service = new SpringApplicationBuilder(BookingApplication.class)
                .web(WebApplicationType.NONE)
                .properties(
                        "spring.kafka.listener.auto-startup=false",
                        "onsale.outbox.enabled=false",
                        "onsale.orders.sweep-enabled=false",
                        "onsale.sale-clock.enabled=false",
                        "spring.jmx.enabled=false")
                .run();
    }

    @AfterContainer
    static void stopService() {
        if (service != null) {
            service.close();
        }
    }

    @Property(tries = 60)
    void freeHeldAndSoldSeatsAlwaysAddUpToTheCapacity(@ForAll("sequences") List<Step> steps) {
        Sale sale = new Sale();
        for (Step step : steps) {
            sale.apply(step);
            sale.check(step);
        }
    }

    @Provide
    Arbitrary<List<Step>> sequences() {
        Arbitrary<Integer> pick = Arbitraries.integers().between(0, 1000);
        Arbitrary<Step> place = Combinators.combine(
                        Arbitraries.integers().between(1, MAX_PER_ORDER + 1), Arbitraries.of(true, false), pick)
                .as(Place::new);
        return Arbitraries.frequencyOf(
                        Tuple.of(4, place),
                        Tuple.of(1, pick.map(Cancel::new)),
                        Tuple.of(1, pick.map(Expire::new)),
                        Tuple.of(1, pick.map(StartPayment::new)),
                        Tuple.of(2, pick.map(Convert::new)),
                        Tuple.of(1, pick.map(FailPayment::new)))
                .list()
                .ofMinSize(1)
                .ofMaxSize(30);
    }

    /** One event of the real service, and the model of its orders. */
    private static final class Sale {

        private final JdbcTemplate jdbc = service.getBean(JdbcTemplate.class);
        private final Allocation allocation = service.getBean(Allocation.class);
        private final BuyerOrders buyers = service.getBean(BuyerOrders.class);
        private final OrderExpiry expiry = service.getBean(OrderExpiry.class);
        private final OrderTransitions transitions = service.getBean(OrderTransitions.class);
        private final PaymentOutcomes payments = service.getBean(PaymentOutcomes.class);
        private final UUID eventId;
        private final List<String> seatIds = new ArrayList<>();
        /** Model: order -> its seats and status, in placing order. */
        private final Map<UUID, ModelOrder> orders = new LinkedHashMap<>();

        Sale() {
            Instant now = Instant.now();
            eventId = service.getBean(EventCreation.class)
                    .create(new NewEvent(
                            "Property",
                            "Hall P",
                            now.plus(30, ChronoUnit.DAYS),
                            now.minusSeconds(60),
                            "EUR",
                            600,
                            MAX_PER_ORDER,
                            new SeatMap(List.of(new Section("A", ROWS, SEATS_PER_ROW, 1000)))))
                    .id();
            for (int r = 1; r <= ROWS; r++) {
                for (int s = 1; s <= SEATS_PER_ROW; s++) {
                    seatIds.add("A-" + r + "-" + s);
                }
            }
        }

        void apply(Step step) {
            switch (step) {
                case Place place -> place(place);
                case Cancel cancel ->
                    pick(cancel.pick()).ifPresent(o -> {
                        buyers.cancel(o.id, o.session);
                        o.moveIf(OrderStatus.HELD, OrderStatus.CANCELLED);
                    });
                case Expire expire ->
                    pick(expire.pick()).ifPresent(o -> {
                        jdbc.update(
                                "UPDATE booking.orders SET expires_at = now() - interval '1 second',"
                                        + " payment_deadline = CASE WHEN status = 'PAYMENT_PENDING' THEN now() - interval '1 second'"
                                        + " ELSE payment_deadline END WHERE id = ?",
                                o.id);
                        expiry.expireIfDue(o.id);
                        if (o.status.live()) {
                            o.status = OrderStatus.EXPIRED;
                        }
                    });
                case StartPayment start ->
                    pick(start.pick()).ifPresent(o -> {
                        if (o.status == OrderStatus.HELD) {
                            transitions.startPayment(o.id);
                            o.status = OrderStatus.PAYMENT_PENDING;
                        } else {
                            assertThatThrownBy(() -> transitions.startPayment(o.id))
                                    .isInstanceOf(IllegalOrderTransition.class);
                        }
                    });
                case Convert convert ->
                    pick(convert.pick()).ifPresent(o -> {
                        payments.apply(UUID.randomUUID(), new PaymentSucceeded(o.id, UUID.randomUUID(), 1000, "EUR"));
                        if (o.status.live()) {
                            o.status = OrderStatus.CONFIRMED;
                        }
                    });
                case FailPayment fail ->
                    pick(fail.pick()).ifPresent(o -> {
                        payments.apply(UUID.randomUUID(), new PaymentFailed(o.id, UUID.randomUUID(), "declined"));
                        o.moveIf(OrderStatus.PAYMENT_PENDING, OrderStatus.PAYMENT_FAILED);
                    });
            }
        }

        private void place(Place place) {
            List<String> chosen = new ArrayList<>();
            if (place.chosen()) {
                List<String> shuffled = new ArrayList<>(seatIds);
                java.util.Collections.shuffle(shuffled, new Random(place.seed()));
                chosen.addAll(shuffled.subList(0, place.quantity()));
            }
            UUID session = UUID.randomUUID();
            AllocateSeats command = new AllocateSeats(
                    UUID.randomUUID(),
                    eventId,
                    session,
                    chosen,
                    place.quantity(),
                    Instant.now(),
                    Instant.now().plusSeconds(30));
            HoldReply reply = allocation.allocate(UUID.randomUUID(), command).orElseThrow();
            long free = CAPACITY
                    - orders.values().stream()
                            .filter(o -> o.status.live() || o.status == OrderStatus.CONFIRMED)
                            .mapToLong(o -> o.seats.size())
                            .sum();
            boolean chosenFree = chosen.stream().noneMatch(this::taken);
            if (place.quantity() > MAX_PER_ORDER) {
                assertThat(reply)
                        .isEqualTo(new AllocationRefused(
                                command.orderId(), eventId, AllocationRefused.Reason.LIMIT_EXCEEDED));
            } else if (place.chosen() && !chosenFree) {
                assertThat(reply)
                        .as("refused, naming the chosen seats another order has")
                        .isEqualTo(new AllocationRefused(
                                command.orderId(),
                                eventId,
                                AllocationRefused.Reason.SEAT_UNAVAILABLE,
                                chosen.stream().filter(this::taken).toList()));
            } else if (!place.chosen() && free < place.quantity()) {
                assertThat(reply)
                        .isEqualTo(
                                new AllocationRefused(command.orderId(), eventId, AllocationRefused.Reason.SOLD_OUT));
            } else {
                assertThat(reply).isInstanceOf(SeatsAllocated.class);
                SeatsAllocated allocated = (SeatsAllocated) reply;
                assertThat(allocated.seatIds()).hasSize(place.quantity()).noneMatch(this::taken);
                if (place.chosen()) {
                    assertThat(allocated.seatIds()).containsExactlyElementsOf(chosen);
                }
                orders.put(command.orderId(), new ModelOrder(command.orderId(), session, allocated.seatIds()));
            }
        }

        private boolean taken(String seat) {
            return orders.values().stream()
                    .anyMatch(o -> (o.status.live() || o.status == OrderStatus.CONFIRMED) && o.seats.contains(seat));
        }

        private java.util.Optional<ModelOrder> pick(int pick) {
            if (orders.isEmpty()) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(new ArrayList<>(orders.values()).get(pick % orders.size()));
        }

        void check(Step after) {
            Map<String, Long> byStatus = new HashMap<>();
            jdbc.query(
                    "SELECT status, count(*) AS n FROM booking.seats WHERE event_id = ? GROUP BY status",
                    rs -> {
                        byStatus.put(rs.getString("status"), rs.getLong("n"));
                    },
                    eventId);
            long free = byStatus.getOrDefault("FREE", 0L);
            long held = byStatus.getOrDefault("HELD", 0L);
            long sold = byStatus.getOrDefault("SOLD", 0L);
            assertThat(free + held + sold)
                    .as("free + held + sold after " + after)
                    .isEqualTo(CAPACITY);

            Map<String, UUID> expectedOwner = new HashMap<>();
            for (ModelOrder o : orders.values()) {
                assertThat(jdbc.queryForObject("SELECT status FROM booking.orders WHERE id = ?", String.class, o.id))
                        .as("status of an order after " + after)
                        .isEqualTo(o.status.name());
                if (o.status.live() || o.status == OrderStatus.CONFIRMED) {
                    o.seats.forEach(seat -> expectedOwner.put(seat, o.id));
                }
            }
            Map<String, UUID> actualOwner = new HashMap<>();
            jdbc.query(
                    "SELECT seat_id, order_id FROM booking.seats WHERE event_id = ? AND order_id IS NOT NULL",
                    rs -> {
                        actualOwner.put(rs.getString("seat_id"), rs.getObject("order_id", UUID.class));
                    },
                    eventId);
            assertThat(actualOwner).as("seat owners after " + after).isEqualTo(expectedOwner);
            long confirmedSeats = orders.values().stream()
                    .filter(o -> o.status == OrderStatus.CONFIRMED)
                    .mapToLong(o -> o.seats.size())
                    .sum();
            assertThat(sold).as("sold after " + after).isEqualTo(confirmedSeats);
            assertThat(jdbc.queryForObject(
                            "SELECT count(*) FROM booking.tickets WHERE event_id = ?", Long.class, eventId))
                    .as("tickets after " + after)
                    .isEqualTo(confirmedSeats);
        }
    }

    private static final class ModelOrder {
        final UUID id;
        final UUID session;
        final List<String> seats;
        OrderStatus status = OrderStatus.HELD;

        ModelOrder(UUID id, UUID session, List<String> seats) {
            this.id = id;
            this.session = session;
            this.seats = List.copyOf(seats);
        }

        void moveIf(OrderStatus from, OrderStatus to) {
            if (status == from) {
                status = to;
            }
        }
    }
}
