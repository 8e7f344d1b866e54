package dev.onsale.common;

/**
 * Record headers of the one envelope used on every topic. The record value is the event as JSON.
 * Every inbox deduplicates on {@link #EVENT_ID}.
 */
public final class EnvelopeHeaders {

    /** UUID of this message; the idempotency key of every consumer. */
    public static final String EVENT_ID = "eventId";
    /** Simple name of the event record, e.g. {@code EventCreated}. */
    public static final String EVENT_TYPE = "eventType";
    /** ISO-8601 UTC instant at which the state change was committed. */
    public static final String OCCURRED_AT = "occurredAt";

    private EnvelopeHeaders() {
    }
}
