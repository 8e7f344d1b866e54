package dev.onsale.booking.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.InventorySide;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.common.Topics;
import dev.onsale.common.events.HoldTimerExpired;
import dev.onsale.common.events.OrderExpired;
import dev.onsale.common.events.OrderPaymentPending;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.TopicTail;
import dev.onsale.testing.TestHttp;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;

@BookingServiceTest
class OrderExpiryIT {

    private static final Duration RELAYED = Duration.ofSeconds(30);

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Allocation allocation;

    @Autowired
    OrderExpiry expiry;

    @Autowired
    ExpirySweeper sweeper;

    @Autowired
    OrderTransitions transitions;

    @Autowired
    OrderProperties properties;

    TestHttp http;
    PlacedOrders orders;
    TopicTail orderEvents;

    @BeforeEach
    void setUp(Engines engines) {
        http = BookingCalls.at(port);
        orders = new PlacedOrders(allocation, jdbc);
        orderEvents = new TopicTail(engines, Topics.ORDERS);
    }

    @AfterEach
    void tearDown() {
        orderEvents.close();
        sweeper.start();
    }

    @Test
    void theSweeperExpiresEveryOverdueHoldWithinItsTtlPlusOneSweepIntervalWithoutAnyNotification() {
        UUID eventId = OpenEvents.create(http, "Swept", 1, 40, 10, 4);
        List<SeatsAllocated> held = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            held.add(orders.hold(eventId, 2));
        }

        await().atMost(Duration.ofSeconds(30))
                .until(() ->
                        held.stream().allMatch(o -> orders.status(o.orderId()).equals("EXPIRED")));

        long maxLagMs = 0;
        for (SeatsAllocated order : held) {
            Instant releasedAt = jdbc.queryForObject(
                            "SELECT updated_at FROM booking.orders WHERE id = ?", Timestamp.class, order.orderId())
                    .toInstant();
            long lagMs = Duration.between(order.expiresAt(), releasedAt).toMillis();
            assertThat(lagMs)
                    .as("release lag of " + order.orderId())
                    .isBetween(0L, properties.sweepInterval().toMillis() + 1_000);
            maxLagMs = Math.max(maxLagMs, lagMs);
            assertThat(orders.seatStatuses(order.orderId())).containsOnly("FREE");
        }
        System.out.printf(
                "20 holds of TTL 10 s swept with no notification: release lag max %d ms (sweep interval %d ms)%n",
                maxLagMs, properties.sweepInterval().toMillis());
        orderEvents.awaitUntil(
                RELAYED,
                byKey -> held.stream()
                        .allMatch(o ->
                                !orderEvents.of(o.orderId(), OrderExpired.class).isEmpty()));
        orderEvents.readFor(Duration.ofSeconds(1));
        held.forEach(
                o -> assertThat(orderEvents.of(o.orderId(), OrderExpired.class)).hasSize(1));
    }

    @Test
    void sweepersRunningConcurrentlyNeverExpireOneOrderTwice() throws Exception {
        UUID eventId = OpenEvents.create(http, "Sweepers", 2, 50, 600, 4);
        List<UUID> held = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            held.add(orders.hold(eventId, 1).orderId());
        }
        held.forEach(orders::overdue);

        int sweepers = 4;
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<UUID>>> passes = new ArrayList<>();
        try (ExecutorService replicas = Executors.newFixedThreadPool(sweepers)) {
            for (int i = 0; i < sweepers; i++) {
                passes.add(replicas.submit(() -> {
                    start.await();
                    List<UUID> expired = new ArrayList<>();
                    List<UUID> batch;
                    do {
                        batch = expiry.sweep(5);
                        expired.addAll(batch);
                    } while (!batch.isEmpty());
                    return expired;
                }));
            }
            start.countDown();
            List<UUID> all = new ArrayList<>();
            for (Future<List<UUID>> pass : passes) {
                all.addAll(pass.get());
            }
            assertThat(new HashSet<>(all))
                    .as("no order expired by two sweepers")
                    .hasSameSizeAs(all);
        }

        // The application's own sweeper is a fifth replica: rows it has locked were skipped by the four above
        // and commit as soon as its pass does.
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(
                        () -> held.forEach(id -> assertThat(orders.status(id)).isEqualTo("EXPIRED")));
        orderEvents.awaitUntil(
                RELAYED,
                byKey -> held.stream()
                        .allMatch(id -> !orderEvents.of(id, OrderExpired.class).isEmpty()));
        orderEvents.readFor(Duration.ofSeconds(1));
        held.forEach(id -> assertThat(orderEvents.of(id, OrderExpired.class))
                .as(id.toString())
                .hasSize(1));
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM booking.seats WHERE event_id = ? AND status = 'FREE'",
                        Long.class,
                        eventId))
                .isEqualTo(100);
    }

    @Test
    void aPaymentPendingOrderDoesNotExpireBeforeItsPaymentDeadline() {
        UUID eventId = OpenEvents.create(http, "Paying", 1, 10, 600, 4);
        SeatsAllocated held = orders.hold(eventId, 2);
        Order pending = transitions.startPayment(held.orderId()).orElseThrow();

        assertThat(pending.status()).isEqualTo(OrderStatus.PAYMENT_PENDING);
        assertThat(Duration.between(Instant.now(), pending.paymentDeadline()))
                .isBetween(properties.paymentBound().minusSeconds(30), properties.paymentBound());
        orders.overdue(held.orderId());
        await().during(Duration.ofSeconds(3))
                .atMost(Duration.ofSeconds(5))
                .until(() -> orders.status(held.orderId()).equals("PAYMENT_PENDING"));
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("HELD");

        jdbc.update(
                "UPDATE booking.orders SET payment_deadline = now() - interval '1 second' WHERE id = ?",
                held.orderId());
        await().atMost(Duration.ofSeconds(10))
                .until(() -> orders.status(held.orderId()).equals("EXPIRED"));
        assertThat(orders.seatStatuses(held.orderId())).containsOnly("FREE");
        orderEvents.awaitUntil(
                RELAYED,
                byKey -> !orderEvents.of(held.orderId(), OrderExpired.class).isEmpty());
        assertThat(orderEvents.of(held.orderId(), OrderPaymentPending.class)).hasSize(1);
    }

    @Test
    void aHoldTimerExpiresOnlyADueOrderAndIgnoresUnknownAndRepeatedOnes(Engines engines) {
        sweeper.stop();
        UUID eventId = OpenEvents.create(http, "Timers", 1, 10, 600, 4);
        SeatsAllocated due = orders.hold(eventId, 1);
        SeatsAllocated notDue = orders.hold(eventId, 1);
        orders.overdue(due.orderId());

        try (InventorySide inventory = new InventorySide(engines)) {
            inventory.publish(
                    Topics.INVENTORY, eventId, new HoldTimerExpired(eventId, UUID.randomUUID(), Instant.now()));
            inventory.publish(
                    Topics.INVENTORY, eventId, new HoldTimerExpired(eventId, notDue.orderId(), Instant.now()));
            Envelope timer = inventory.publish(
                    Topics.INVENTORY, eventId, new HoldTimerExpired(eventId, due.orderId(), Instant.now()));
            inventory.publish(Topics.INVENTORY, timer);
            inventory.publish(Topics.INVENTORY, eventId, new HoldTimerExpired(eventId, due.orderId(), Instant.now()));
        }

        await().atMost(Duration.ofSeconds(20))
                .until(() -> orders.status(due.orderId()).equals("EXPIRED"));
        assertThat(orders.seatStatuses(due.orderId())).containsOnly("FREE");
        orderEvents.awaitUntil(
                RELAYED,
                byKey -> !orderEvents.of(due.orderId(), OrderExpired.class).isEmpty());
        orderEvents.readFor(Duration.ofSeconds(2));
        assertThat(orderEvents.of(due.orderId(), OrderExpired.class)).hasSize(1);
        assertThat(orders.status(notDue.orderId())).isEqualTo("HELD");
        assertThat(orders.seatStatuses(notDue.orderId())).containsOnly("HELD");
    }
}
