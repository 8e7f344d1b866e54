package dev.onsale.common;

/**
 * Record headers of the one envelope used on every topic. The record value is the event as JSON.
 * Every inbox deduplicates on {@link #EVENT_ID}.
 */
public final class EnvelopeHeaders {

    /**
     * UUID of this message (a message id, not an event's: code calls it {@code messageId}); the idempotency key of
     * every consumer. The header keeps this name on the wire, as the outbox rows and streams already write it.
     */
    public static final String EVENT_ID = "eventId";
    /** Simple name of the event record, e.g. {@code EventCreated}. */
    public static final String EVENT_TYPE = "eventType";
    /** ISO-8601 UTC instant at which the state change was committed. */
    public static final String OCCURRED_AT = "occurredAt";

    private EnvelopeHeaders() {}
}
