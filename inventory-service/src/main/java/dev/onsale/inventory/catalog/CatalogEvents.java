package dev.onsale.inventory.catalog;

import dev.onsale.common.events.CatalogEvent;
import dev.onsale.common.events.EventCreated;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.platform.messaging.Envelope;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Applies the catalog's events to inventory's Redis state. Every step is idempotent per message
 * id, so a message delivered any number of times has the effect of one delivery.
 */
@Component
public class CatalogEvents {

    private static final Logger log = LoggerFactory.getLogger(CatalogEvents.class);

    private final CounterInitializer counters;
    private final SaleStateRecorder saleStates;

    CatalogEvents(CounterInitializer counters, SaleStateRecorder saleStates) {
        this.counters = counters;
        this.saleStates = saleStates;
    }

    /** @throws dev.onsale.platform.messaging.MalformedEnvelopeException if the payload is no CatalogEvent */
    public void apply(Envelope envelope) {
        switch (envelope.event(CatalogEvent.class)) {
            case EventCreated created -> {
                InitOutcome outcome = counters.initialize(envelope.messageId(), created);
                log.info("EventCreated {} for event {}: counter {}", envelope.messageId(), created.eventId(), outcome);
            }
            case SaleStateChanged changed -> {
                boolean recorded = saleStates.record(envelope.messageId(), changed);
                log.info(
                        "SaleStateChanged {} for event {} to {}: {}",
                        envelope.messageId(),
                        changed.eventId(),
                        changed.current(),
                        recorded ? "recorded" : "duplicate");
            }
        }
    }
}
