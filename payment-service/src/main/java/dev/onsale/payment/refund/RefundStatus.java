package dev.onsale.payment.refund;

/**
 * Where a refund stands: QUEUED until the provider answers; SUCCEEDED (RefundIssued announced, once) or FAILED
 * (the provider refused it: money is held that should not be, an operator must act). A provider's later word
 * that it refunded after all still moves FAILED to SUCCEEDED.
 */
public enum RefundStatus {
    QUEUED,
    SUCCEEDED,
    FAILED;

    /** The provider's refund moves it to SUCCEEDED and announces RefundIssued. */
    public boolean takesSuccess() {
        return this != SUCCEEDED;
    }
}
