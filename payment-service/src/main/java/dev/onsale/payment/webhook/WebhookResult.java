package dev.onsale.payment.webhook;

import java.util.Locale;

/** What became of one webhook delivery: the {@code result} tag of {@code onsale_webhooks_total}. */
public enum WebhookResult {
    /** New and applied (or already known to settlement by another route, e.g. the poller). */
    ACCEPTED,
    /** An event already applied: acknowledged, nothing changed. */
    DUPLICATE,
    /** No, garbled or mismatching signature: refused, nothing written. */
    SIGNATURE_INVALID,
    /** Genuinely signed, but outside the timestamp tolerance: refused, nothing written. */
    STALE,
    /** Genuinely signed, but not an event we can read (or too large): refused, nothing written. */
    MALFORMED,
    /** A type we do not act on: recorded and acknowledged. */
    IGNORED,
    /** A charge or refund that matches no payment of ours: recorded and acknowledged. */
    UNKNOWN_PAYMENT;

    /** The metric tag and response value, e.g. {@code unknown_payment}. */
    public String tag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
