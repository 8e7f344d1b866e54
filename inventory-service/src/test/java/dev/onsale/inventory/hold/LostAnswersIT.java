package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.engines.Engines;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.platform.redis.RedisSettings;
import dev.onsale.platform.streamrelay.StreamRegistry;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.util.SafeEncoder;

/**
 * Answers that get lost between the gate and the buyer: a 503 must still mean nothing is taken, and a 201 must
 * always mean a live hold.
 */
@InventoryServiceTest
class LostAnswersIT {

    private static final int CAPACITY = 10;

    @Autowired
    Gate gate;

    @Autowired
    HoldReplyHandler replies;

    @Autowired
    ReplyWaiters waiters;

    @Autowired
    HoldMetrics metrics;

    @Autowired
    HoldsProperties properties;

    @Autowired
    RedisSettings redisSettings;

    @Autowired
    GateLoss gateLoss;

    @Autowired
    StreamRegistry streams;

    @Autowired
    JedisPooled jedis;

    private UUID eventId;
    private final UUID session = UUID.randomUUID();

    @BeforeEach
    void setUp() {
        eventId = TestEvents.open(jedis, CAPACITY, 4);
    }

    @Test
    void aPlaceWhoseAnswerWasLostAfterTheScriptRanIsGivenBackBeforeThe503() throws Exception {
        URI redis = URI.create(Engines.forTests().redisUrl());
        try (var proxy = new ReplyLosingProxy(redis.getHost(), redis.getPort());
                var throughProxy = new JedisPooled(
                        new HostAndPort("127.0.0.1", proxy.port()),
                        DefaultJedisClientConfig.builder()
                                .socketTimeoutMillis(500)
                                .build())) {
            var placement = new HoldPlacement(
                    new Gate(throughProxy, streams, properties, Clock.systemUTC()),
                    replies,
                    waiters,
                    metrics,
                    properties,
                    redisSettings,
                    gateLoss,
                    Clock.systemUTC());
            loadThePlaceScript();
            throughProxy.ping();
            proxy.loseNextReply();

            assertThatThrownBy(() -> placement.hold(
                            HoldRequest.ofQuantity(eventId, session, 2, null),
                            Optional.of(Instant.now().plusSeconds(8))))
                    .isInstanceOf(JedisConnectionException.class);

            assertThat(TestEvents.available(jedis, eventId))
                    .as("the buyer is told 503: nothing may stay taken")
                    .isEqualTo(CAPACITY);
            assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
            assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
            List<String> orders = List.copyOf(jedis.keys(InventoryKeys.prefix(eventId) + "order:*"));
            assertThat(orders).as("the script ran: its order is there, ended").hasSize(1);
            assertThat(jedis.hget(orders.getFirst(), "state")).isEqualTo("TIMED_OUT");
            assertThat(jedis.hget(orders.getFirst(), "reason")).isEqualTo(Gate.ANSWER_LOST);
        }
    }

    @Test
    void aPlaceCutOffBeforeRedisReadItTakesNothingAndItsOrderIdCannotBePlacedLater() throws Exception {
        URI redis = URI.create(Engines.forTests().redisUrl());
        try (var impatient = new JedisPooled(
                new HostAndPort(redis.getHost(), redis.getPort()),
                DefaultJedisClientConfig.builder().socketTimeoutMillis(100).build())) {
            var placement = new HoldPlacement(
                    new Gate(impatient, streams, properties, Clock.systemUTC()),
                    replies,
                    waiters,
                    metrics,
                    properties,
                    redisSettings,
                    gateLoss,
                    Clock.systemUTC());
            streams.register(InventoryKeys.outbox(eventId)); // once per JVM: the place script is the call that stalls
            loadThePlaceScript();
            // Redis stalls for 700 ms; the client gives up after 100 ms and closes its connection
            CompletableFuture<Object> stall = CompletableFuture.supplyAsync(
                    () -> jedis.sendCommand(() -> SafeEncoder.encode("DEBUG"), "SLEEP", "0.7"));
            Thread.sleep(100);

            assertThatThrownBy(() -> placement.hold(
                            HoldRequest.ofQuantity(eventId, session, 2, null),
                            Optional.of(Instant.now().plusSeconds(8))))
                    .isInstanceOf(JedisConnectionException.class);
            stall.join();

            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
            assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
            List<String> orders = List.copyOf(jedis.keys(InventoryKeys.prefix(eventId) + "order:*"));
            assertThat(orders).as("a tombstone").hasSize(1);
            assertThat(jedis.hget(orders.getFirst(), "state")).isEqualTo("TIMED_OUT");
        }
    }

    @Test
    void anOrderIdGivenUpBeforeItsScriptRanCanNeverBePlaced() {
        UUID orderId = UUID.randomUUID();
        gate.abandon(eventId, orderId);

        assertThat(gate.place(orderId, HoldRequest.ofQuantity(eventId, session, 2, null)))
                .isInstanceOf(Placement.Abandoned.class);
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
        assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
    }

    @Test
    void aReplayAnswered201KeepsTheHoldWhenTheOriginalAnswerComesTooLate() {
        UUID orderId = heldOrder();

        assertThat(gate.markAnswered(eventId, orderId))
                .as("the replay may answer 201")
                .isEmpty();
        assertThat(gate.answeredLate(eventId, orderId))
                .as("the late original gives nothing back")
                .isFalse();

        assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state")).isEqualTo("HELD");
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);
    }

    @Test
    void aHoldGivenBackLateIsNeverAnswered201ByAReplay() {
        UUID orderId = heldOrder();

        assertThat(gate.answeredLate(eventId, orderId)).isTrue();
        assertThat(gate.markAnswered(eventId, orderId))
                .as("the replay must not answer 201")
                .contains("TIMED_OUT");
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
    }

    @Test
    void aReplayAndALateOriginalRacingThousandsOfTimesNeverLeaveA201WithoutALiveHold() throws Exception {
        for (int round = 0; round < 1000; round++) {
            eventId = TestEvents.open(jedis, CAPACITY, 4);
            UUID orderId = heldOrder();
            var replay = CompletableFuture.supplyAsync(
                    () -> gate.markAnswered(eventId, orderId).isEmpty());
            var late = CompletableFuture.supplyAsync(() -> gate.answeredLate(eventId, orderId));
            boolean answered201 = replay.get();
            boolean givenBack = late.get();

            assertThat(answered201 ^ givenBack)
                    .as("round %d: exactly one of them wins", round)
                    .isTrue();
            String state = jedis.hget(InventoryKeys.order(eventId, orderId), "state");
            long available = TestEvents.available(jedis, eventId);
            if (answered201) {
                assertThat(state).isEqualTo("HELD");
                assertThat(available).isEqualTo(CAPACITY - 2);
            } else {
                assertThat(state).isEqualTo("TIMED_OUT");
                assertThat(available).isEqualTo(CAPACITY);
            }
        }
    }

    @Test
    void anOrderNoRequestWaitsForAnyMoreIsEndedByTheSweepAndBookingIsAskedToCancelIt() throws Exception {
        UUID orderId = UUID.randomUUID();
        // placed, and then its replica restarted: nobody waits for the reply, which never comes
        assertThat(gate.place(orderId, HoldRequest.ofQuantity(eventId, session, 2, null)))
                .isInstanceOf(Placement.Placed.class);
        var sweeper = new PendingOrderSweeper(gate, streams, metrics, staleAfter(Duration.ofMillis(1500)));

        assertThat(sweeper.sweep(eventId)).as("not stale yet").isZero();
        assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state")).isEqualTo("PENDING");
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(10)).until(() -> sweeper.sweep(eventId) == 1);

        assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state")).isEqualTo("TIMED_OUT");
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
        assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
        assertThat(jedis.zcard(InventoryKeys.pending(eventId))).isZero();
        org.awaitility.Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(dev.onsale.platform.testing.TopicTail.recordsSoFar(
                                        Engines.forTests(), dev.onsale.common.Topics.HOLD_COMMANDS, orderId.toString())
                                .stream()
                                .map(record -> dev.onsale.platform.testing.TopicTail.header(record, "eventType"))
                                .toList())
                        .containsExactly("AllocateSeats", "CancelAllocation"));
    }

    @Test
    void twoSweepsRacingOverHundredsOfStaleOrdersGiveEachSeatBackOnce() throws Exception {
        int orders = 200;
        eventId = TestEvents.open(jedis, orders, 4);
        for (int i = 0; i < orders; i++) {
            assertThat(gate.place(UUID.randomUUID(), HoldRequest.ofQuantity(eventId, UUID.randomUUID(), 1, null)))
                    .isInstanceOf(Placement.Placed.class);
        }
        assertThat(TestEvents.available(jedis, eventId)).isZero();
        var properties = staleAfter(Duration.ofMillis(1100));
        Thread.sleep(1200);
        UUID event = eventId;
        var first = CompletableFuture.supplyAsync(
                () -> new PendingOrderSweeper(gate, streams, metrics, properties).sweep(event));
        var second = CompletableFuture.supplyAsync(
                () -> new PendingOrderSweeper(gate, streams, metrics, properties).sweep(event));

        assertThat(first.get() + second.get()).isEqualTo(orders);
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(orders);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
    }

    @Test
    void theSweepLeavesAnOrderTheDatabaseHeldInTime() throws Exception {
        UUID orderId = heldOrder();
        Thread.sleep(1200);
        assertThat(new PendingOrderSweeper(gate, streams, metrics, staleAfter(Duration.ofMillis(1100))).sweep(eventId))
                .isZero();
        assertThat(jedis.hget(InventoryKeys.order(eventId, orderId), "state")).isEqualTo("HELD");
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);
        assertThat(jedis.zcard(InventoryKeys.pending(eventId)))
                .as("the index forgets what left PENDING")
                .isZero();
    }

    /** The service's hold settings with a short reply wait, so that orders go stale after {@code after}. */
    private HoldsProperties staleAfter(Duration after) {
        return new HoldsProperties(
                Duration.ofMillis(500),
                properties.retryAfter(),
                properties.soldOutRetryAfter(),
                properties.idempotencyTtl(),
                properties.recordTtl(),
                properties.gateConcurrency(),
                properties.followUpConcurrency(),
                properties.replyGroupPrefix(),
                properties.timerNotifications(),
                Duration.ZERO,
                properties.abandonWithin(),
                after,
                Duration.ofSeconds(1),
                properties.gateWatchInterval(),
                properties.rebuildHoldOff());
    }

    /** Runs place.lua once elsewhere, so that Redis knows it by its SHA: the call under test is the script itself. */
    private void loadThePlaceScript() {
        UUID scratch = TestEvents.open(jedis, 1, 1);
        UUID order = UUID.randomUUID();
        assertThat(gate.place(order, HoldRequest.ofQuantity(scratch, UUID.randomUUID(), 1, null)))
                .isInstanceOf(Placement.Placed.class);
        assertThat(gate.timeOut(scratch, order)).isTrue();
    }

    private UUID heldOrder() {
        UUID orderId = UUID.randomUUID();
        assertThat(gate.place(orderId, HoldRequest.ofSeats(eventId, session, List.of("A-1-1", "A-1-2"), null)))
                .isInstanceOf(Placement.Placed.class);
        replies.apply(new SeatsAllocated(
                orderId,
                eventId,
                session,
                List.of("A-1-1", "A-1-2"),
                6000,
                "EUR",
                Instant.now().plusSeconds(600)));
        return orderId;
    }
}
