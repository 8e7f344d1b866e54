package dev.onsale.sandbox.charge;

import java.util.UUID;

/** A charge guards its own transitions: decided once, refunded only when succeeded and never beyond its amount. */
final class Charge {

    private final String id;
    private final UUID orderId;
    private final long amountCents;
    private final String currency;
    private final PaymentMethod method;
    private final String paymentMethodToken;
    private final long created;
    private ChargeStatus status = ChargeStatus.PENDING;
    private String failureCode;
    private long amountRefundedCents;

    Charge(String id, ChargeRequest request, PaymentMethod method, long created) {
        this.id = id;
        this.orderId = request.orderId();
        this.amountCents = request.amountCents();
        this.currency = request.currency();
        this.method = method;
        this.paymentMethodToken = request.paymentMethod();
        this.created = created;
    }

    String id() {
        return id;
    }

    /** PENDING -> SUCCEEDED or DECLINED, as the payment method dictates. */
    synchronized ChargeView decide() {
        if (status != ChargeStatus.PENDING) throw new IllegalStateException("charge " + id + " already " + status);
        status = method.succeeds() ? ChargeStatus.SUCCEEDED : ChargeStatus.DECLINED;
        failureCode = method.declineCode();
        return view();
    }

    /** Reserves {@code amount} of the charge for a refund; fails if the charge did not succeed or would go below zero. */
    synchronized void refund(long amount) {
        if (status != ChargeStatus.SUCCEEDED) {
            throw new RefundRefused("Charge " + id + " is " + status + "; only a succeeded charge can be refunded");
        }
        if (amount > amountCents - amountRefundedCents) {
            throw new RefundRefused("Refund of " + amount + " exceeds the " + (amountCents - amountRefundedCents)
                    + " cents left to refund on charge " + id);
        }
        amountRefundedCents += amount;
    }

    synchronized long refundableCents() {
        return amountCents - amountRefundedCents;
    }

    UUID orderId() {
        return orderId;
    }

    String currency() {
        return currency;
    }

    synchronized ChargeView view() {
        return new ChargeView(
                id,
                "charge",
                orderId,
                amountCents,
                currency,
                paymentMethodToken,
                status,
                failureCode,
                amountRefundedCents,
                created);
    }

    static final class RefundRefused extends RuntimeException {
        RefundRefused(String message) {
            super(message);
        }
    }
}
