package dev.onsale.platform.streamrelay;

/**
 * Field names of one outbox stream entry, as appenders (Lua scripts) write them. The relay produces the
 * entry to {@code topic} with record key {@code key}, value {@code payload} and the envelope headers
 * {@code eventId}, {@code eventType}, {@code occurredAt}.
 */
public final class StreamEntryFields {

    /** Kafka topic, e.g. {@code onsale.inventory}. */
    public static final String TOPIC = "topic";
    /** Kafka record key (the aggregate id, e.g. the event id). */
    public static final String KEY = "key";
    /** UUID of the message: the consumers' dedupe key. */
    public static final String EVENT_ID = "eventId";
    /** Simple name of the event record. */
    public static final String EVENT_TYPE = "eventType";
    /** ISO-8601 UTC instant of the state change. */
    public static final String OCCURRED_AT = "occurredAt";
    /** The event as JSON. */
    public static final String PAYLOAD = "payload";

    private StreamEntryFields() {}
}
