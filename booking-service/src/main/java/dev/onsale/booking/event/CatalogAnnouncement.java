package dev.onsale.booking.event;

import dev.onsale.common.Topics;
import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.platform.outbox.Outbox;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Announces every event whose sale is not closed once more, as it stands: its EventCreated and a SaleStateChanged
 * to its current state, through the outbox. For consumers whose store lost what they had learned (Redis): the
 * waiting room learns its events again, the gateway the halted sales; inventory's counter is created only where
 * none exists, so a gate rebuilt from the database keeps its counts. The rows are share-locked while announced: a
 * sale move waits for the announcement, and its own SaleStateChanged follows it.
 */
@Component
public class CatalogAnnouncement {

    private final Events events;
    private final Outbox outbox;

    CatalogAnnouncement(Events events, Outbox outbox) {
        this.events = events;
        this.outbox = outbox;
    }

    /** @return the number of events announced */
    @Transactional
    public int announceOpenEvents() {
        int announced = 0;
        for (Event event : events.lockOpen()) {
            String key = event.id().toString();
            outbox.append(Topics.EVENTS, key, event.created());
            outbox.append(Topics.EVENTS, key, new SaleStateChanged(event.id(), event.saleState(), event.saleState()));
            announced++;
        }
        return announced;
    }
}
