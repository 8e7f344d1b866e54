package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Retries under one {@code Idempotency-Key}: the same request gets the same order, another request under the key is
 * refused, and a replay never revives a hold that ended.
 */
@InventoryServiceTest
class HoldIdempotencyIT extends HoldsOverHttp {

    @Autowired
    Gate gate;

    @Test
    void aRetryWithTheSameIdempotencyKeyGetsTheSameOrderAlsoWhenSentConcurrently() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            List<Future<TestHttp.Reply>> concurrent = new ArrayList<>();
            try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
                for (int i = 0; i < 10; i++) {
                    concurrent.add(threads.submit(() -> client.hold(eventId, session, "{\"quantity\":2}", "key-1")));
                }
            }
            TestHttp.Reply retry = client.hold(eventId, session, "{\"quantity\":2}", "key-1");

            Set<String> orders = new java.util.HashSet<>();
            for (Future<TestHttp.Reply> response : concurrent) {
                assertThat(response.get().status()).isEqualTo(201);
                orders.add(response.get().json().get("orderId").asString());
            }
            assertThat(retry.status()).isEqualTo(201);
            orders.add(retry.json().get("orderId").asString());
            assertThat(orders).hasSize(1);
            assertThat(booking.allocations()).hasSize(1);
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);
        }
    }

    @Test
    void theSameKeyWithAnotherBodyIsUnprocessableAndTakesNothingMore() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            TestHttp.Reply first = client.hold(eventId, session, "{\"seatIds\":[\"A-1-3\",\"A-1-4\"]}", "key-body");
            assertThat(first.status()).isEqualTo(201);
            String orderId = first.json().get("orderId").asString();

            for (String other :
                    List.of("{\"seatIds\":[\"A-1-3\",\"A-1-5\"]}", "{\"quantity\":2}", "{\"seatIds\":[\"A-1-3\"]}")) {
                TestHttp.Reply reused = client.hold(eventId, session, other, "key-body");
                assertThat(reused.status()).as(other).isEqualTo(422);
                assertThat(reused.problemType()).isEqualTo("/problems/idempotency-key-reused");
                assertThat(reused.json().get("detail").asString()).contains(orderId);
            }
            TestHttp.Reply sameSeatsOtherOrder =
                    client.hold(eventId, session, "{\"seatIds\":[\"A-1-4\",\"A-1-3\"]}", "key-body");
            assertThat(sameSeatsOtherOrder.status())
                    .as("the same seats are the same request")
                    .isEqualTo(201);
            assertThat(sameSeatsOtherOrder.json().get("orderId").asString()).isEqualTo(orderId);
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY - 2);
            assertThat(booking.allocations()).hasSize(1);
            assertThat(jedis.exists(InventoryKeys.seat(eventId, "A-1-5"))).isFalse();
        }
    }

    @Test
    void aReplayOfAHoldThatEndedIsAConflictNeverA201() throws Exception {
        try (var booking =
                FakeBooking.allocating(bootstrap, eventId, TestEvents.seats(CAPACITY), Duration.ofMinutes(10))) {
            TestHttp.Reply cancelledFirst = client.hold(eventId, session, "{\"quantity\":1}", "key-cancelled");
            UUID cancelled =
                    UUID.fromString(cancelledFirst.json().get("orderId").asString());
            assertThat(gate.release(eventId, cancelled, "CANCELLED")).isTrue();

            TestHttp.Reply replayOfCancelled = client.hold(eventId, session, "{\"quantity\":1}", "key-cancelled");
            assertThat(replayOfCancelled.status()).isEqualTo(409);
            assertThat(replayOfCancelled.problemType()).isEqualTo("/problems/hold-ended");
            assertThat(replayOfCancelled.json().get("detail").asString()).contains(cancelled.toString(), "cancelled");

            UUID buyer = UUID.randomUUID();
            TestHttp.Reply paidFirst = client.hold(eventId, buyer, "{\"quantity\":1}", "key-paid");
            UUID paid = UUID.fromString(paidFirst.json().get("orderId").asString());
            assertThat(gate.convert(eventId, paid)).isTrue();
            TestHttp.Reply replayOfPaid = client.hold(eventId, buyer, "{\"quantity\":1}", "key-paid");
            assertThat(replayOfPaid.status()).isEqualTo(409);
            assertThat(replayOfPaid.json().get("detail").asString()).contains(paid.toString(), "paid");

            assertThat(TestEvents.available(jedis, eventId))
                    .as("only the paid seat is gone")
                    .isEqualTo(CAPACITY - 1);
            assertThat(booking.allocations()).hasSize(2);
        }
    }
}
