package dev.onsale.inventory.hold;

import dev.onsale.common.Topics;
import dev.onsale.common.events.AllocateSeats;
import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.CancelAllocation;
import dev.onsale.common.events.HoldCommand;
import dev.onsale.common.events.HoldReply;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.platform.messaging.Envelope;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * booking-service's side of the hold path on the real broker, for one event: consumes the gate's
 * commands and answers them as a database would — chosen seats all or nothing, a quantity from the
 * free seats — or as {@code policy} says. Remembers every command it received.
 */
final class FakeBooking implements AutoCloseable {

    static final long PRICE_CENTS = 3000;

    private final UUID eventId;
    private final Function<AllocateSeats, Optional<HoldReply>> policy;
    private final KafkaConsumer<String, String> consumer;
    private final KafkaProducer<String, String> producer;
    private final Set<String> free;
    private final Map<UUID, List<String>> allocated = new ConcurrentHashMap<>();
    private final Set<UUID> cancelled = ConcurrentHashMap.newKeySet();
    private final List<HoldCommand> received = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile boolean running = true;

    /** Allocates like a database, with holds expiring after {@code holdTtl}. */
    static FakeBooking allocating(String bootstrap, UUID eventId, List<String> seats, Duration holdTtl) {
        return new FakeBooking(bootstrap, eventId, seats, holdTtl, null);
    }

    /** Answers every AllocateSeats as {@code policy} says (empty: no reply at all). */
    static FakeBooking answering(String bootstrap, UUID eventId, Function<AllocateSeats, Optional<HoldReply>> policy) {
        return new FakeBooking(bootstrap, eventId, List.of(), Duration.ofMinutes(10), policy);
    }

    private FakeBooking(
            String bootstrap,
            UUID eventId,
            List<String> seats,
            Duration holdTtl,
            Function<AllocateSeats, Optional<HoldReply>> policy) {
        this.eventId = eventId;
        this.free = new LinkedHashSet<>(seats);
        this.policy = policy != null ? policy : command -> Optional.of(allocate(command, holdTtl));
        this.consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "fake-booking-" + UUID.randomUUID(),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "latest",
                        ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                        1000),
                new StringDeserializer(),
                new StringDeserializer());
        this.producer = new KafkaProducer<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.LINGER_MS_CONFIG, 1),
                new StringSerializer(),
                new StringSerializer());
        consumer.subscribe(List.of(Topics.HOLD_COMMANDS));
        while (consumer.assignment().isEmpty()) {
            consumer.poll(Duration.ofMillis(100));
        }
        consumer.assignment().forEach(consumer::position);
        this.thread = Thread.ofPlatform().name("fake-booking").daemon().start(this::loop);
    }

    List<HoldCommand> received() {
        return List.copyOf(received);
    }

    List<CancelAllocation> cancellations() {
        return received.stream()
                .filter(CancelAllocation.class::isInstance)
                .map(CancelAllocation.class::cast)
                .toList();
    }

    synchronized int freeSeats() {
        return free.size();
    }

    /** Seats allocated per order and not cancelled since. */
    Map<UUID, List<String>> allocations() {
        return Map.copyOf(allocated);
    }

    private void loop() {
        while (running) {
            for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(50))) {
                HoldCommand command = Envelope.of(record).event(HoldCommand.class);
                if (!command.eventId().equals(eventId)) {
                    continue;
                }
                received.add(command);
                switch (command) {
                    case AllocateSeats allocate ->
                        policy.apply(allocate)
                                .ifPresent(reply -> producer.send(
                                        Envelope.wrap(reply.orderId().toString(), reply)
                                                .toRecord(Topics.HOLD_REPLIES)));
                    case CancelAllocation cancel -> cancel(cancel.orderId());
                }
            }
        }
    }

    private synchronized HoldReply allocate(AllocateSeats command, Duration holdTtl) {
        if (cancelled.contains(command.orderId())) {
            return new AllocationRefused(command.orderId(), eventId, AllocationRefused.Reason.CANCELLED);
        }
        List<String> seats = new ArrayList<>();
        if (command.chosenSeats()) {
            if (!free.containsAll(command.seatIds())) {
                List<String> taken =
                        allocated.values().stream().flatMap(List::stream).toList();
                List<String> unknown = command.seatIds().stream()
                        .filter(seat -> !free.contains(seat) && !taken.contains(seat))
                        .toList();
                return unknown.isEmpty()
                        ? new AllocationRefused(
                                command.orderId(),
                                eventId,
                                AllocationRefused.Reason.SEAT_UNAVAILABLE,
                                command.seatIds().stream()
                                        .filter(taken::contains)
                                        .toList())
                        : new AllocationRefused(
                                command.orderId(), eventId, AllocationRefused.Reason.UNKNOWN_SEAT, unknown);
            }
            seats.addAll(command.seatIds());
        } else {
            if (free.size() < command.quantity()) {
                return new AllocationRefused(command.orderId(), eventId, AllocationRefused.Reason.SOLD_OUT);
            }
            free.stream().limit(command.quantity()).forEach(seats::add);
        }
        free.removeAll(seats);
        allocated.put(command.orderId(), seats);
        return new SeatsAllocated(
                command.orderId(),
                eventId,
                command.sessionId(),
                seats,
                PRICE_CENTS * seats.size(),
                "EUR",
                Instant.now().plus(holdTtl));
    }

    private synchronized void cancel(UUID orderId) {
        cancelled.add(orderId);
        List<String> seats = allocated.remove(orderId);
        if (seats != null) {
            free.addAll(seats);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(5000);
        consumer.close();
        producer.close();
    }
}
