package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.events.CancelAllocation;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.InventoryServiceTest;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A hold whose answer from booking does not come in time, its own or the gateway's: a 503 that leaves nothing held. */
@InventoryServiceTest
class HoldDeadlinesIT extends HoldsOverHttp {

    @Test
    void aReplyThatNeverComesIsA503WithRetryAfterACancelAllocationAndNothingHeld() throws Exception {
        try (var booking = FakeBooking.answering(bootstrap, eventId, command -> Optional.empty())) {
            long started = System.nanoTime();
            TestHttp.Reply response = client.hold(eventId, session, "{\"seatIds\":[\"A-2-1\"]}", "retry-1");
            long waited = (System.nanoTime() - started) / 1_000_000;

            assertThat(response.status()).isEqualTo(503);
            assertThat(waited).isGreaterThanOrEqualTo(4_900);
            assertThat(response.headers().firstValue("Retry-After")).isPresent();
            assertThat(response.problemType()).isEqualTo("/problems/service-unavailable");
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
            assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
            assertThat(jedis.exists(InventoryKeys.seat(eventId, "A-2-1"))).isFalse();
            assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> booking.cancellations().size() == 1);
            CancelAllocation cancel = booking.cancellations().getFirst();
            assertThat(booking.received().getFirst().orderId()).isEqualTo(cancel.orderId());
            assertThat(jedis.hget(InventoryKeys.order(eventId, cancel.orderId()), "state"))
                    .isEqualTo("TIMED_OUT");
        }
    }

    @Test
    void aRequestThatCannotFinishBeforeTheGatewaysDeadlineIsA503ThatTakesNothing() throws Exception {
        try (var booking = FakeBooking.answering(bootstrap, eventId, command -> Optional.empty())) {
            // less time left than the margin: answered at once, the gate untouched
            TestHttp.Reply late = holdWithDeadlineIn(500);
            assertThat(late.status()).isEqualTo(503);
            assertThat(late.headers().firstValue("Retry-After")).isPresent();
            assertNothingWritten();

            // 2.5 s left: the reply wait shrinks to 1.5 s (margin 1 s), then the gate's side is released
            long started = System.nanoTime();
            TestHttp.Reply bounded = holdWithDeadlineIn(2_500);
            long waited = (System.nanoTime() - started) / 1_000_000;
            assertThat(bounded.status()).isEqualTo(503);
            assertThat(waited).isBetween(1_000L, 2_500L);
            assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
            assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
            assertThat(jedis.exists(InventoryKeys.session(eventId, session))).isFalse();
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> booking.cancellations().size() == 1);
        }
    }

    /** Two seats, as the gateway forwards them when it stops waiting {@code millis} from now. */
    private TestHttp.Reply holdWithDeadlineIn(long millis) {
        return client.request(eventId, "{\"quantity\":2}")
                .buyer(session)
                .admission(UUID.randomUUID())
                .header(IdentityHeaders.DEADLINE, String.valueOf(System.currentTimeMillis() + millis))
                .send();
    }
}
