package dev.onsale.booking.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.booking.BookingCalls;
import dev.onsale.booking.BookingServiceTest;
import dev.onsale.booking.OpenEvents;
import dev.onsale.booking.PlacedOrders;
import dev.onsale.booking.hold.Allocation;
import dev.onsale.booking.payment.PaymentRequests.Outcome;
import dev.onsale.common.events.SeatsAllocated;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;

@BookingServiceTest
class IdempotencyCleanupIT {

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Allocation allocation;

    @Autowired
    PaymentRequests payments;

    @Autowired
    IdempotencyCleanup cleanup;

    @Autowired
    PaymentProperties properties;

    @Test
    void recordsAreHonouredForTheirTtlAndPurgedAfterIt() {
        PlacedOrders orders = new PlacedOrders(allocation, jdbc);
        UUID eventId = OpenEvents.create(BookingCalls.at(port), "Cleanup", 1, 10, 600, 4);
        UUID session = UUID.randomUUID();
        PaymentRequest old = new PaymentRequest(orders.hold(eventId, session, 1).orderId(), "tok_visa");
        SeatsAllocated young = orders.hold(eventId, session, 1);
        PaymentRequest recent = new PaymentRequest(young.orderId(), "tok_visa");
        assertThat(payments.request(session, "old", old)).isInstanceOf(Outcome.Accepted.class);
        assertThat(payments.request(session, "recent", recent)).isInstanceOf(Outcome.Accepted.class);
        jdbc.update(
                "UPDATE booking.payment_idempotency SET created_at = now() - make_interval(secs => ?) - interval"
                        + " '1 minute' WHERE session_id = ? AND idempotency_key = 'old'",
                properties.idempotencyTtl().toSeconds(),
                session);
        jdbc.update(
                "UPDATE booking.payment_idempotency SET created_at = now() - make_interval(secs => ?) + interval"
                        + " '1 minute' WHERE session_id = ? AND idempotency_key = 'recent'",
                properties.idempotencyTtl().toSeconds(),
                session);

        cleanup.pass();

        assertThat(jdbc.queryForList(
                        "SELECT idempotency_key FROM booking.payment_idempotency WHERE session_id = ?",
                        String.class,
                        session))
                .containsExactly("recent");
        assertThat(payments.request(session, "recent", recent)).isInstanceOf(Outcome.Replayed.class);
        assertThat(payments.request(session, "old", old)).isInstanceOf(Outcome.OrderNotPayable.class);
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM booking.payments WHERE session_id = ?", Long.class, session))
                .isEqualTo(2);
    }

    @Test
    void theTtlCannotBeSetBelowTheContractsTwentyFourHours() {
        assertThatThrownBy(() -> new PaymentProperties(Duration.ofHours(23), true, Duration.ofMinutes(10), 1000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 24h");
    }
}
