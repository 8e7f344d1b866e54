package dev.onsale.booking.reconciliation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.Topics;
import dev.onsale.common.events.ReconcileGate;
import dev.onsale.common.events.ReconcileGate.DatabaseOrder;
import dev.onsale.common.events.SaleState;
import dev.onsale.platform.messaging.Envelope;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The reconciliation question of a busy event on the wire: a sale that churns through tens of thousands of holds a
 * minute has that many orders ended within the in-flight window, and one message with all of them was refused by
 * Kafka (RecordTooLargeException, 1,071,468 and 1,129,961 bytes seen), so that event was never reconciled.
 */
class ReconcileGatePartsTest {

    /** Kafka's default for a producer request and a topic's message. */
    private static final int KAFKA_DEFAULT_LIMIT = 1_048_576;

    private static final int ORDERS = 12_000;

    @Test
    void everyPartOfABusyEventsSideFitsInAKafkaMessageWithTheLongestOrders() {
        ReconcileGate whole = busyEvent();
        assertThat(bytesOnTheWire(whole)).as("the side in one message").isGreaterThan(KAFKA_DEFAULT_LIMIT);

        List<ReconcileGate> parts = whole.inParts(ReconcileGate.ORDERS_PER_PART);

        assertThat(parts).hasSize(ORDERS / ReconcileGate.ORDERS_PER_PART);
        assertThat(parts).allSatisfy(part -> assertThat(bytesOnTheWire(part)).isLessThan(KAFKA_DEFAULT_LIMIT / 2));
        assertThat(ReconcileGate.joined(parts.reversed())).isEqualTo(whole);
    }

    @Test
    void aQuietEventsSideIsOneMessageAndAnEventWithoutOrdersStillOne() {
        ReconcileGate quiet = side(List.of(order(0)));
        assertThat(quiet.inParts(ReconcileGate.ORDERS_PER_PART)).containsExactly(quiet);
        ReconcileGate empty = side(List.of());
        assertThat(empty.inParts(ReconcileGate.ORDERS_PER_PART)).containsExactly(empty);
    }

    @Test
    void partsOfAnotherRunOrAMissingPartAreNotJoined() {
        List<ReconcileGate> parts = busyEvent().inParts(ReconcileGate.ORDERS_PER_PART);
        List<ReconcileGate> otherRun = side(List.of(order(1), order(2))).inParts(1);

        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> ReconcileGate.joined(parts.subList(1, parts.size())));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> ReconcileGate.joined(List.of(parts.get(0), otherRun.get(1))));
    }

    private static ReconcileGate busyEvent() {
        return side(IntStream.range(0, ORDERS)
                .mapToObj(ReconcileGatePartsTest::order)
                .toList());
    }

    private static ReconcileGate side(List<DatabaseOrder> orders) {
        return ReconcileGate.whole(
                UUID.randomUUID(),
                UUID.randomUUID(),
                Instant.now(),
                60_000,
                new ReconcileGate.Settings(20_000, SaleState.OPEN, 10, 600),
                20_000,
                0,
                0,
                orders);
    }

    /** An ended order with ten seats of the longest ids a big venue has: the most bytes an order takes. */
    private static DatabaseOrder order(int i) {
        List<String> seats = IntStream.range(0, 10)
                .mapToObj(s -> "BALCONY" + (i % 9) + "-" + (100 + i % 900) + "-" + (100 + s))
                .toList();
        return new DatabaseOrder(
                UUID.randomUUID(),
                UUID.randomUUID(),
                "PAYMENT_PENDING",
                seats,
                Instant.parse("2026-12-02T13:24:40.123456Z"),
                Instant.parse("2026-12-02T13:34:40.123456Z"));
    }

    private static int bytesOnTheWire(ReconcileGate command) {
        return Envelope.wrap(command.eventId().toString(), command)
                .toRecord(Topics.RECONCILIATION_COMMANDS)
                .value()
                .getBytes(StandardCharsets.UTF_8)
                .length;
    }
}
