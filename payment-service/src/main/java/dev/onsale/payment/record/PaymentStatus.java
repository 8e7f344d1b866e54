package dev.onsale.payment.record;

/**
 * Where a payment stands. QUEUED -> SUBMITTED -> SUCCEEDED | DECLINED; QUEUED -> FAILED when the provider refuses
 * the request or the payment bound passes; FAILED -> SUCCEEDED when the provider captured it after all (money is
 * never kept without its result). Each move announces its result once: PaymentSucceeded on entering SUCCEEDED,
 * PaymentFailed on leaving QUEUED or SUBMITTED for DECLINED or FAILED.
 */
public enum PaymentStatus {
    QUEUED,
    SUBMITTED,
    SUCCEEDED,
    DECLINED,
    FAILED;

    /** No result announced yet: the dispatcher or the poller still works on it. */
    public boolean open() {
        return this == QUEUED || this == SUBMITTED;
    }

    /** A captured charge moves it to SUCCEEDED (and announces PaymentSucceeded). */
    public boolean takesSuccess() {
        return this == QUEUED || this == SUBMITTED || this == FAILED;
    }

    /** A declined charge moves it to DECLINED and announces PaymentFailed. */
    public boolean takesDeclineWithResult() {
        return open();
    }

    /**
     * A declined charge moves it to DECLINED without a result: PaymentFailed already left when we gave up, and
     * the charge is resolved (nothing to poll for any more).
     */
    public boolean takesDeclineSilently() {
        return this == FAILED;
    }

    /** Giving up (or a refused request) moves it to FAILED and announces PaymentFailed. */
    public boolean takesFailure() {
        return this == QUEUED;
    }
}
