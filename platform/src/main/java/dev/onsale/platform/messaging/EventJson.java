package dev.onsale.platform.messaging;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON form of every event on every topic: ISO-8601 instants, enums by name, unknown fields
 * refused (a producer and a consumer that disagree on a contract fail loudly, not silently).
 * Thread-safe; one instance is enough for a JVM.
 */
public final class EventJson {

    private static final EventJson STANDARD = new EventJson();

    private final JsonMapper mapper = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .disable(DateTimeFeature.WRITE_DATES_AS_TIMESTAMPS)
            .build();

    /** The shared instance, for code outside a Spring context (relays, tests). */
    public static EventJson standard() {
        return STANDARD;
    }

    public String write(Object event) {
        try {
            return mapper.writeValueAsString(event);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(
                    "cannot write " + event.getClass().getSimpleName() + " as JSON", e);
        }
    }

    public <T> T read(String json, Class<T> type) {
        try {
            return mapper.readValue(json, type);
        } catch (JacksonException e) {
            throw new MalformedEnvelopeException(
                    "payload is not a valid " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Reads {@code json} as the permitted subtype of {@code sealedInterface} whose simple name is
     * {@code eventType} (the envelope's {@code eventType} header).
     *
     * @throws MalformedEnvelopeException if no permitted subtype has that name or the JSON does not fit it
     */
    public <T> T readSealed(Class<T> sealedInterface, String eventType, String json) {
        if (!sealedInterface.isSealed()) {
            throw new IllegalArgumentException(sealedInterface.getName() + " is not a sealed interface");
        }
        for (Class<?> permitted : sealedInterface.getPermittedSubclasses()) {
            if (permitted.getSimpleName().equals(eventType)) {
                return sealedInterface.cast(read(json, permitted));
            }
        }
        throw new MalformedEnvelopeException(
                "unknown eventType '" + eventType + "' for " + sealedInterface.getSimpleName());
    }
}
