package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.common.events.AvailabilityChanged;
import dev.onsale.common.events.CancelAllocation;
import dev.onsale.common.events.HoldCommand;
import dev.onsale.common.events.HoldTimerExpired;
import dev.onsale.common.events.InventoryEvent;
import dev.onsale.common.events.OrderCancelled;
import dev.onsale.common.events.OrderConfirmed;
import dev.onsale.common.events.OrderExpired;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.engines.Engines;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.TopicTail;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;

/** The release, convert and expiry paths of the gate, driven by booking's events on the real broker. */
@InventoryServiceTest
class ReleaseIT {

    private static final int CAPACITY = 10;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Autowired
    Gate gate;

    @Autowired
    HoldReplyHandler replies;

    @Autowired
    HoldTimerNotifications timerNotifications;

    @Autowired
    JedisPooled jedis;

    @Autowired
    KafkaTemplate<String, String> kafka;

    private Engines engines;
    private String bootstrap;
    private UUID eventId;
    private final UUID session = UUID.randomUUID();

    @BeforeEach
    void setUp(Engines engines) {
        this.engines = engines;
        bootstrap = engines.kafkaBootstrap();
        eventId = TestEvents.open(jedis, CAPACITY, 4);
    }

    @Test
    void oneReleaseDeliveredThreeTimesByThreePathsMovesTheCounterOnce() throws Exception {
        UUID orderId = place(List.of("A-1-1", "A-1-2"));
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);

        assertThat(gate.timeOut(eventId, orderId)).isTrue();
        Envelope cancelled = Envelope.wrap(orderId.toString(), new OrderCancelled(orderId, eventId, session));
        deliverAndAwait(
                cancelled, cancelled, Envelope.wrap(orderId.toString(), new OrderExpired(orderId, eventId, session)));

        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
        assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state")).isEqualTo("TIMED_OUT");
        assertThat(jedis.exists(InventoryKeys.seat(eventId, "A-1-1"))).isFalse();
    }

    @Test
    void aReleaseThatMeetsABusyRedisIsRetriedUntilItLandsNeverDeadLettered() throws Exception {
        UUID orderId = place(List.of("A-3-1", "A-3-2"));
        replies.apply(
                allocated(orderId, List.of("A-3-1", "A-3-2"), Instant.now().plusSeconds(600)));
        URI redis = URI.create(dev.onsale.engines.Engines.forTests().redisUrl());
        String limit;
        try (var admin = new redis.clients.jedis.Jedis(redis.getHost(), redis.getPort())) {
            limit = admin.configGet("lua-time-limit").get("lua-time-limit");
            admin.configSet("lua-time-limit", "20");
        }
        // a script that never ends: after lua-time-limit every other command is answered BUSY until SCRIPT KILL
        Thread busy = Thread.ofVirtual().start(() -> {
            try (var blocked = new redis.clients.jedis.Jedis(redis.getHost(), redis.getPort(), 30_000)) {
                blocked.eval("local i = 0 while true do i = i + 1 end", 0);
            } catch (redis.clients.jedis.exceptions.JedisDataException killed) {
                // "ERR Error running script ... Script killed by user with SCRIPT KILL"
            }
        });
        try {
            Thread.sleep(200);
            kafka.send(Envelope.wrap(orderId.toString(), new OrderCancelled(orderId, eventId, session))
                            .toRecord(Topics.ORDERS))
                    .get();
            Thread.sleep(1500);
        } finally {
            try (var killer = new redis.clients.jedis.Jedis(redis.getHost(), redis.getPort())) {
                await().atMost(WAIT).ignoreExceptions().until(() -> "OK".equals(killer.scriptKill()));
                busy.join();
                killer.configSet("lua-time-limit", limit);
            }
        }

        await().atMost(WAIT)
                .untilAsserted(
                        () -> assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY));
        assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state")).isEqualTo("RELEASED");
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            if (admin.listTopics().names().get().contains(Topics.ORDERS + ".DLT")) {
                assertThat(TopicTail.recordsSoFar(engines, Topics.ORDERS + ".DLT", orderId.toString()))
                        .isEmpty();
            }
        }
    }

    @Test
    void aHeldOrderReleasedByExpiryCancellationAndRedeliveryAtOnceGivesItsSeatsBackOnce() throws Exception {
        UUID orderId = place(List.of());
        replies.apply(
                allocated(orderId, List.of("A-1-5", "A-1-6"), Instant.now().plusSeconds(600)));
        assertThat(jedis.get(InventoryKeys.seat(eventId, "A-1-5"))).isEqualTo(orderId.toString());

        Envelope cancelled = Envelope.wrap(orderId.toString(), new OrderCancelled(orderId, eventId, session));
        List<Boolean> direct = new ArrayList<>();
        Thread releasing = Thread.ofVirtual().start(() -> direct.add(gate.release(eventId, orderId, "expired")));
        deliverAndAwait(
                Envelope.wrap(orderId.toString(), new OrderExpired(orderId, eventId, session)), cancelled, cancelled);
        releasing.join();

        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
        assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state")).isEqualTo("RELEASED");
        assertThat(jedis.exists(
                        InventoryKeys.seat(eventId, "A-1-5"),
                        InventoryKeys.seat(eventId, "A-1-6"),
                        InventoryKeys.holdTimer(eventId, orderId),
                        InventoryKeys.session(eventId, session)))
                .isZero();
    }

    @Test
    void aConfirmedOrderKeepsItsSeatsSoldAndLetsTheSessionHoldAgain() throws Exception {
        UUID orderId = place(List.of("A-1-3"));
        replies.apply(allocated(orderId, List.of("A-1-3"), Instant.now().plusSeconds(600)));

        deliverAndAwait(
                Envelope.wrap(orderId.toString(), new OrderConfirmed(orderId, eventId, session)),
                Envelope.wrap(orderId.toString(), new OrderCancelled(orderId, eventId, session)));

        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 1);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
        assertThat(TestEvents.sold(jedis, eventId)).isEqualTo(1);
        assertThat(jedis.get(InventoryKeys.seat(eventId, "A-1-3"))).isEqualTo(orderId.toString());
        assertThat(jedis.exists(InventoryKeys.holdTimer(eventId, orderId))).isFalse();
        assertThat(gate.place(UUID.randomUUID(), HoldRequest.ofQuantity(eventId, session, 1, null)))
                .isInstanceOf(Placement.Placed.class);
    }

    @Test
    void availabilityIsAnnouncedWhenTheCounterReachesZeroLeavesItAndWhenTheLastHoldIsSold() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "2");
        UUID first = place(List.of("A-1-1", "A-1-2"));
        assertThat(gate.release(eventId, first, "cancelled")).isTrue();
        UUID second = place(List.of(), UUID.randomUUID());
        replies.apply(allocated(second, List.of("A-1-3", "A-1-4"), Instant.now().plusSeconds(600)));
        assertThat(gate.convert(eventId, second)).isTrue();

        await().atMost(WAIT)
                .untilAsserted(() -> assertThat(announcements())
                        .containsExactly(
                                new AvailabilityChanged(eventId, 0, 1, false),
                                new AvailabilityChanged(eventId, 2, 0, false),
                                new AvailabilityChanged(eventId, 0, 1, false),
                                new AvailabilityChanged(eventId, 0, 0, true)));
    }

    /**
     * The waiting room admits no more buyers than the free seats it was told of: announced only when the counter left
     * 0, a sale whose holds came back one by one after a sell-out was said to have 1 free seat while 92 were, and
     * admitted one buyer at a time to the end. Every release says the counter it leaves.
     */
    @Test
    void everyReleaseAnnouncesTheCounterItLeavesSoThatTheWaitingRoomNeverUnderCountsFreeSeats() throws Exception {
        jedis.set(InventoryKeys.available(eventId), "3");
        UUID first = place(List.of("A-2-1"), UUID.randomUUID());
        UUID second = place(List.of("A-2-2"), UUID.randomUUID());
        UUID third = place(List.of("A-2-3"), UUID.randomUUID());
        assertThat(gate.release(eventId, first, "expired")).isTrue();
        assertThat(gate.release(eventId, second, "expired")).isTrue();
        assertThat(gate.release(eventId, third, "cancelled")).isTrue();

        await().atMost(WAIT)
                .untilAsserted(() -> assertThat(announcements())
                        .containsExactly(
                                new AvailabilityChanged(eventId, 0, 3, false),
                                new AvailabilityChanged(eventId, 1, 2, false),
                                new AvailabilityChanged(eventId, 2, 1, false),
                                new AvailabilityChanged(eventId, 3, 0, false)));
    }

    private List<AvailabilityChanged> announcements() {
        return TopicTail.recordsSoFar(engines, Topics.INVENTORY, eventId.toString()).stream()
                .filter(record -> "AvailabilityChanged".equals(TopicTail.header(record, "eventType")))
                .map(record -> (AvailabilityChanged) Envelope.of(record).event(InventoryEvent.class))
                .toList();
    }

    @Test
    void anExpiredHoldTimerIsRelayedAsExactlyOneHoldTimerExpired() throws Exception {
        await().atMost(WAIT).until(timerNotifications::subscribed);
        UUID orderId = place(List.of("A-1-7"));
        replies.apply(allocated(orderId, List.of("A-1-7"), Instant.now().plusSeconds(1)));

        await().atMost(WAIT).until(() -> jedis.hexists(InventoryKeys.order(eventId, orderId), "timerExpired"));
        assertThat(gate.timerExpired(eventId, orderId, Instant.now()))
                .as("a second replica's notification")
                .isFalse();

        await().atMost(WAIT).untilAsserted(() -> assertThat(timerExpiries()).containsExactly(orderId));
        assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state"))
                .as("booking decides; the gate waits for its OrderExpired")
                .isEqualTo("HELD");
    }

    @Test
    void aStoppedSubscriberRelaysNothingAndResumesWhenStarted() throws Exception {
        timerNotifications.stop();
        try {
            assertThat(timerNotifications.subscribed()).isFalse();
            UUID missed = place(List.of("A-1-8"));
            replies.apply(allocated(missed, List.of("A-1-8"), Instant.now().plusSeconds(1)));
            await().atMost(WAIT).until(() -> !jedis.exists(InventoryKeys.holdTimer(eventId, missed)));
            assertThat(jedis.hexists(InventoryKeys.order(eventId, missed), "timerExpired"))
                    .isFalse();
        } finally {
            timerNotifications.start();
        }
        await().atMost(WAIT).until(timerNotifications::subscribed);
        UUID seen = place(List.of("A-1-9"), UUID.randomUUID());
        replies.apply(allocated(seen, List.of("A-1-9"), Instant.now().plusSeconds(1)));

        await().atMost(WAIT).untilAsserted(() -> assertThat(timerExpiries()).containsExactly(seen));
    }

    @Test
    void aHeldOrderWhoseAnswerCameTooLateIsGivenBackOnceAndBookingIsAskedToCancelIt() throws Exception {
        UUID orderId = place(List.of());
        replies.apply(
                allocated(orderId, List.of("A-2-1", "A-2-2"), Instant.now().plusSeconds(600)));
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);

        assertThat(gate.answeredLate(eventId, orderId)).isTrue();
        assertThat(gate.answeredLate(eventId, orderId))
                .as("a second time changes nothing")
                .isFalse();
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
        assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state")).isEqualTo("TIMED_OUT");
        assertThat(jedis.exists(
                        InventoryKeys.seat(eventId, "A-2-1"),
                        InventoryKeys.holdTimer(eventId, orderId),
                        InventoryKeys.session(eventId, session)))
                .isZero();
        await().atMost(WAIT)
                .untilAsserted(() -> assertThat(
                                TopicTail.recordsSoFar(engines, Topics.HOLD_COMMANDS, orderId.toString()).stream()
                                        .filter(record ->
                                                "CancelAllocation".equals(TopicTail.header(record, "eventType")))
                                        .map(record -> ((CancelAllocation)
                                                        Envelope.of(record).event(HoldCommand.class))
                                                .reason())
                                        .toList())
                        .containsExactly(Gate.ANSWER_LATE));

        // booking releases the order it allocated: its OrderCancelled moves the counter no further
        deliverAndAwait(Envelope.wrap(orderId.toString(), new OrderCancelled(orderId, eventId, session)));
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
    }

    private UUID place(List<String> seats) {
        return place(seats, session);
    }

    private UUID place(List<String> seats, UUID sessionId) {
        UUID orderId = UUID.randomUUID();
        HoldRequest request = seats.isEmpty()
                ? HoldRequest.ofQuantity(eventId, sessionId, 2, null)
                : HoldRequest.ofSeats(eventId, sessionId, seats, null);
        assertThat(gate.place(orderId, request)).isInstanceOf(Placement.Placed.class);
        return orderId;
    }

    private SeatsAllocated allocated(UUID orderId, List<String> seats, Instant expiresAt) {
        return new SeatsAllocated(orderId, eventId, session, seats, 3000L * seats.size(), "EUR", expiresAt);
    }

    private List<UUID> timerExpiries() {
        return TopicTail.recordsSoFar(engines, Topics.INVENTORY, eventId.toString()).stream()
                .filter(record -> "HoldTimerExpired".equals(TopicTail.header(record, "eventType")))
                .map(record -> ((HoldTimerExpired) Envelope.of(record).event(InventoryEvent.class)).orderId())
                .toList();
    }

    /** Publishes on onsale.orders and waits until the service's group has consumed past every record. */
    private void deliverAndAwait(Envelope... envelopes) throws Exception {
        List<RecordMetadata> sent = new ArrayList<>();
        for (Envelope envelope : envelopes) {
            sent.add(kafka.send(envelope.toRecord(Topics.ORDERS)).get().getRecordMetadata());
        }
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            await().atMost(WAIT).until(() -> {
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets("inventory-service")
                        .partitionsToOffsetAndMetadata()
                        .get();
                return sent.stream().allMatch(metadata -> {
                    OffsetAndMetadata offset =
                            committed.get(new TopicPartition(metadata.topic(), metadata.partition()));
                    return offset != null && offset.offset() > metadata.offset();
                });
            });
        }
    }
}
