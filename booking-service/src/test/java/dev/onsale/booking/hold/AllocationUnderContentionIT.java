package dev.onsale.booking.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.InventorySide;
import dev.onsale.booking.Listeners;
import dev.onsale.booking.OpenEvents;
import dev.onsale.common.Topics;
import dev.onsale.common.events.AllocateSeats;
import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.HoldReply;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.engines.Engines;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.testing.TopicTail;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

@BookingServiceTest
class AllocationUnderContentionIT {

    private static final int ROWS = 8;
    private static final int SEATS_PER_ROW = 100;
    private static final int CAPACITY = ROWS * SEATS_PER_ROW;
    /** Chosen-seat commands, each for 1-2 seats among the first 200: heavy collisions. */
    private static final int CHOSEN = 300;
    /** Quantity commands of 1-4 seats: together far more than what is left. */
    private static final int QUANTITIES = 800;
    /** Single seats asked for once the first wave is answered: they take whatever the first left over. */
    private static final int SINGLES = 100;

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    KafkaListenerEndpointRegistry listeners;

    @Autowired
    MeterRegistry meters;

    @Test
    void manyConcurrentAllocationsHoldEverySeatExactlyOnceAndRefuseTheRest(Engines engines) {
        Listeners.awaitAssigned(listeners);
        UUID eventId = OpenEvents.create(BookingCalls.at(port), "Contention", ROWS, SEATS_PER_ROW, 600, 4);
        Random random = new Random(42);
        List<AllocateSeats> firstWave = new ArrayList<>();
        for (int i = 0; i < CHOSEN; i++) {
            int n = 1 + random.nextInt(2);
            Set<String> seats = new HashSet<>();
            while (seats.size() < n) {
                int seat = random.nextInt(200);
                seats.add("A-" + (1 + seat / SEATS_PER_ROW) + "-" + (1 + seat % SEATS_PER_ROW));
            }
            firstWave.add(command(eventId, List.copyOf(seats), n));
        }
        for (int i = 0; i < QUANTITIES; i++) {
            firstWave.add(command(eventId, List.of(), 1 + random.nextInt(4)));
        }
        Collections.shuffle(firstWave, random);
        List<AllocateSeats> secondWave = new ArrayList<>();
        for (int i = 0; i < SINGLES; i++) {
            secondWave.add(command(eventId, List.of(), 1));
        }

        Map<UUID, HoldReply> replies = new HashMap<>();
        long started;
        long finished;
        try (TopicTail replyTail = new TopicTail(engines, Topics.HOLD_REPLIES);
                InventorySide inventory = new InventorySide(engines)) {
            started = System.nanoTime();
            firstWave.forEach(c -> inventory.publishAsync(Topics.HOLD_COMMANDS, c.orderId(), c));
            inventory.flush();
            replies.putAll(awaitReplies(replyTail, firstWave));
            secondWave.forEach(c -> inventory.publishAsync(Topics.HOLD_COMMANDS, c.orderId(), c));
            inventory.flush();
            replies.putAll(awaitReplies(replyTail, secondWave));
            finished = System.nanoTime();
            Map<String, List<Envelope>> all = replyTail.readFor(Duration.ofMillis(500));
            for (AllocateSeats c : concat(firstWave, secondWave)) {
                assertThat(all.get(c.orderId().toString()))
                        .as("replies to " + c.orderId())
                        .hasSize(1);
            }
        }

        assertThat(count("SELECT count(*) FROM booking.seats WHERE event_id = ? AND status = 'HELD'", eventId))
                .isEqualTo(CAPACITY);
        assertThat(count("SELECT count(*) FROM booking.seats WHERE event_id = ? AND status = 'FREE'", eventId))
                .isZero();
        assertThat(count("""
                SELECT count(*) FROM (SELECT s.seat_id FROM booking.order_seats s JOIN booking.orders o ON o.id = s.order_id
                WHERE o.event_id = ? AND o.status = 'HELD' GROUP BY s.seat_id HAVING count(*) > 1) twice
                """, eventId)).as("seats in two held orders").isZero();

        Map<String, Integer> outcomes = new TreeMap<>();
        int heldSeats = 0;
        for (HoldReply reply : replies.values()) {
            switch (reply) {
                case SeatsAllocated allocated -> {
                    outcomes.merge("ALLOCATED", 1, Integer::sum);
                    heldSeats += allocated.seatIds().size();
                    assertThat(jdbc.queryForList(
                                    "SELECT seat_id FROM booking.seats WHERE event_id = ? AND order_id = ?",
                                    String.class,
                                    eventId,
                                    allocated.orderId()))
                            .containsExactlyInAnyOrderElementsOf(allocated.seatIds());
                    assertThat(allocated.amountCents())
                            .isEqualTo(5000L * allocated.seatIds().size());
                    assertThat(allocated.expiresAt()).isAfter(Instant.now().plusSeconds(500));
                }
                case AllocationRefused refused -> {
                    outcomes.merge(refused.reason().name(), 1, Integer::sum);
                    assertThat(refused.reason())
                            .isIn(AllocationRefused.Reason.SEAT_UNAVAILABLE, AllocationRefused.Reason.SOLD_OUT);
                    assertThat(count("SELECT count(*) FROM booking.seats WHERE order_id = ?", refused.orderId()))
                            .isZero();
                    assertThat(count("SELECT count(*) FROM booking.orders WHERE id = ?", refused.orderId()))
                            .isZero();
                }
            }
        }
        assertThat(heldSeats).isEqualTo(CAPACITY);
        assertThat(count("SELECT count(*) FROM booking.orders WHERE event_id = ? AND status = 'HELD'", eventId))
                .isEqualTo(outcomes.get("ALLOCATED").longValue());

        int commands = CHOSEN + QUANTITIES + SINGLES;
        double seconds = (finished - started) / 1e9;
        System.out.printf(
                "%d AllocateSeats for %d seats: %s in %.2f s (%.0f commands/s, 3 consumer threads)%n",
                commands, CAPACITY, outcomes, seconds, commands / seconds);
        Timer latency = meters.get("onsale.allocation.latency").timer();
        System.out.printf(
                "onsale.allocation.latency over the service's life: count %d, mean %.1f ms, max %.1f ms%n",
                latency.count(), latency.mean(TimeUnit.MILLISECONDS), latency.max(TimeUnit.MILLISECONDS));

        List<UUID> two = replies.values().stream()
                .filter(SeatsAllocated.class::isInstance)
                .map(HoldReply::orderId)
                .limit(2)
                .toList();
        String seatOfFirst = jdbc.queryForObject(
                "SELECT min(seat_id) FROM booking.seats WHERE order_id = ?", String.class, two.get(0));
        assertThatThrownBy(() -> jdbc.update(
                        "UPDATE booking.seats SET order_id = ? WHERE event_id = ? AND seat_id = ?",
                        two.get(1),
                        eventId,
                        seatOfFirst))
                .isInstanceOf(DataAccessException.class)
                .hasMessageContaining("is held by order");
    }

    private static AllocateSeats command(UUID eventId, List<String> seats, int quantity) {
        return new AllocateSeats(
                UUID.randomUUID(),
                eventId,
                UUID.randomUUID(),
                seats,
                quantity,
                Instant.now(),
                Instant.now().plusSeconds(30));
    }

    private static Map<UUID, HoldReply> awaitReplies(TopicTail tail, List<AllocateSeats> commands) {
        Map<String, List<Envelope>> read = tail.awaitUntil(
                Duration.ofSeconds(90),
                byKey -> commands.stream()
                        .allMatch(c -> byKey.containsKey(c.orderId().toString())));
        Map<UUID, HoldReply> replies = new HashMap<>();
        commands.forEach(c -> replies.put(
                c.orderId(), read.get(c.orderId().toString()).getFirst().event(HoldReply.class)));
        return replies;
    }

    private static List<AllocateSeats> concat(List<AllocateSeats> a, List<AllocateSeats> b) {
        List<AllocateSeats> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private long count(String sql, Object... args) {
        return jdbc.queryForObject(sql, Long.class, args);
    }
}
