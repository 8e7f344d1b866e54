package dev.onsale.payment.record;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.payment.PaymentServiceTest;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** The open payments an event's dashboard shows, counted per event in the real database. */
@PaymentServiceTest
class PaymentsIT {

    @Autowired
    Payments payments;

    @Autowired
    JdbcTemplate jdbc;

    @Test
    void openPaymentsAreCountedPerEventAndFinishedOnesAreNot() {
        UUID concert = UUID.randomUUID();
        UUID match = UUID.randomUUID();
        try {
            countPerEvent(concert, match);
        } finally {
            // rows the provider never saw: gone before the provider reconciliation of this shared context looks
            jdbc.update("DELETE FROM payment.payments WHERE event_id IN (?, ?)", concert, match);
        }
    }

    private void countPerEvent(UUID concert, UUID match) {
        insert(concert, "QUEUED");
        insert(concert, "QUEUED");
        insert(concert, "SUBMITTED");
        insert(concert, "SUCCEEDED");
        insert(concert, "FAILED");
        insert(match, "QUEUED");
        insert(match, "DECLINED");

        assertThat(payments.countOpen(concert))
                .containsExactlyInAnyOrderEntriesOf(Map.of(PaymentStatus.QUEUED, 2L, PaymentStatus.SUBMITTED, 1L));
        assertThat(payments.countOpen(match))
                .containsExactlyInAnyOrderEntriesOf(Map.of(PaymentStatus.QUEUED, 1L, PaymentStatus.SUBMITTED, 0L));
        assertThat(payments.countOpen(UUID.randomUUID()))
                .containsExactlyInAnyOrderEntriesOf(Map.of(PaymentStatus.QUEUED, 0L, PaymentStatus.SUBMITTED, 0L));
        Map<PaymentStatus, Long> everywhere = payments.countOpen();
        assertThat(everywhere.get(PaymentStatus.QUEUED)).isGreaterThanOrEqualTo(3L);
        assertThat(everywhere.get(PaymentStatus.SUBMITTED)).isGreaterThanOrEqualTo(1L);
    }

    /** A payment of {@code eventId} in {@code status}, not due for an hour: the dispatcher and the poller leave it. */
    private void insert(UUID eventId, String status) {
        jdbc.update(
                """
                INSERT INTO payment.payments (payment_id, order_id, event_id, amount_cents, currency, payment_method,
                                              status, requested_at, deadline, due_at, charge_id, settled_at)
                VALUES (?, ?, ?, 3000, 'EUR', 'tok_visa', ?, now(), now() + interval '1 hour', now() + interval '1 hour', ?,
                        CASE WHEN ? THEN now() END)
                """,
                UUID.randomUUID(),
                UUID.randomUUID(),
                eventId,
                status,
                status.equals("QUEUED")
                        ? null
                        : "ch_" + UUID.randomUUID().toString().replace("-", ""),
                !status.equals("QUEUED") && !status.equals("SUBMITTED"));
    }
}
