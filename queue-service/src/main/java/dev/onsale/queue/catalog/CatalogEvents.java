package dev.onsale.queue.catalog;

import dev.onsale.common.events.CatalogEvent;
import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleState;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.queue.opening.Opening;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Keeps the waiting room's record of each event ({@code queue:{<eventId>}:event}) in step with the
 * catalog, idempotently per message id, and lists the event among those the scheduler visits. A
 * sale opened by the catalog opens the waiting room at once.
 */
@Component
public class CatalogEvents {

    static final String SALE_OPENS_AT = "saleOpensAt";
    static final String SALE_STATE = "saleState";
    static final String CAPACITY = "capacity";

    private static final Logger log = LoggerFactory.getLogger(CatalogEvents.class);

    private final EventRecorder recorder;
    private final CatalogProperties properties;
    private final Opening opening;
    private final Clock clock;

    CatalogEvents(EventRecorder recorder, CatalogProperties properties, Opening opening, Clock clock) {
        this.recorder = recorder;
        this.properties = properties;
        this.opening = opening;
        this.clock = clock;
    }

    /** How long the ids of an event's applied messages (of any topic) are remembered. */
    public Duration inboxTtl() {
        return properties.inboxTtl();
    }

    /** @throws dev.onsale.platform.messaging.MalformedEnvelopeException if the payload is no CatalogEvent */
    public void apply(Envelope envelope) {
        CatalogEvent event = envelope.event(CatalogEvent.class);
        Map<String, String> fields = switch (event) {
            case EventCreated created ->
                Map.of(
                        SALE_OPENS_AT, created.saleOpensAt().toString(),
                        SALE_STATE, created.saleState().name(),
                        CAPACITY, Integer.toString(created.capacity()));
            case SaleStateChanged changed ->
                Map.of(SALE_STATE, changed.current().name());
        };
        boolean applied = recorder.record(envelope.messageId(), event.eventId(), fields);
        log.info(
                "{} {} for event {}: {}",
                envelope.eventType(),
                envelope.messageId(),
                event.eventId(),
                applied ? "recorded" : "duplicate");
        if (SaleState.OPEN.name().equals(fields.get(SALE_STATE))) {
            opening.openIfDue(event.eventId(), clock.instant());
        }
    }
}
