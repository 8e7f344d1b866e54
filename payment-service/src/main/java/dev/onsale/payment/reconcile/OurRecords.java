package dev.onsale.payment.reconcile;

import dev.onsale.payment.record.PaymentStatus;
import dev.onsale.payment.refund.RefundStatus;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Repository;

/**
 * What our payment and refund rows say about the orders of a ledger page, read without locks: a snapshot to decide
 * which entries to hand to Settlement, which locks and re-reads the row itself. Reads only; nothing here writes.
 */
@Repository
class OurRecords {

    private static final int CHUNK = 500;

    /** Our payment of an order: {@code chargeId} null while we do not know its charge. */
    record KnownPayment(UUID paymentId, UUID orderId, PaymentStatus status, String chargeId) {}

    /** Our refund of an order's payment: {@code providerRefundId} null until the acquirer's refund is known. */
    record KnownRefund(UUID paymentId, UUID orderId, RefundStatus status, String providerRefundId) {}

    private final JdbcTemplate jdbc;

    OurRecords(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Our payments of {@code orderIds}, by order id (at most one per order). */
    Map<UUID, KnownPayment> paymentsOf(Collection<UUID> orderIds) {
        return byOrder(
                orderIds,
                "SELECT payment_id, order_id, status, charge_id FROM payment.payments" + " WHERE order_id = ANY(?)",
                (rs, row) -> new KnownPayment(
                        rs.getObject("payment_id", UUID.class),
                        rs.getObject("order_id", UUID.class),
                        PaymentStatus.valueOf(rs.getString("status")),
                        rs.getString("charge_id")),
                KnownPayment::orderId);
    }

    /** Our refunds of {@code orderIds}, by order id (at most one per order: one per payment). */
    Map<UUID, KnownRefund> refundsOf(Collection<UUID> orderIds) {
        // Through the payments' unique order id: one refund per payment.
        return byOrder(
                orderIds,
                "SELECT r.payment_id, p.order_id, r.status, r.provider_refund_id"
                        + " FROM payment.payments p JOIN payment.refunds r ON r.payment_id = p.payment_id"
                        + " WHERE p.order_id = ANY(?)",
                (rs, row) -> new KnownRefund(
                        rs.getObject("payment_id", UUID.class),
                        rs.getObject("order_id", UUID.class),
                        RefundStatus.valueOf(rs.getString("status")),
                        rs.getString("provider_refund_id")),
                KnownRefund::orderId);
    }

    private <T> Map<UUID, T> byOrder(
            Collection<UUID> orderIds, String sql, RowMapper<T> mapper, Function<T, UUID> orderOf) {
        List<UUID> all = new ArrayList<>(orderIds);
        Map<UUID, T> found = new HashMap<>();
        for (int from = 0; from < all.size(); from += CHUNK) {
            Object[] chunk =
                    all.subList(from, Math.min(from + CHUNK, all.size())).toArray();
            jdbc.query(sql, ps -> ps.setArray(1, ps.getConnection().createArrayOf("uuid", chunk)), mapper)
                    .forEach(row -> found.put(orderOf.apply(row), row));
        }
        return found;
    }
}
