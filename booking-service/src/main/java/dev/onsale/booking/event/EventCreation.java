package dev.onsale.booking.event;

import dev.onsale.common.Topics;
import dev.onsale.platform.outbox.Outbox;
import java.time.Clock;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Creates an event: the event row, every one of its seats (FREE) and its {@code EventCreated} message
 * commit together or not at all.
 */
@Service
public class EventCreation {

    private static final Logger log = LoggerFactory.getLogger(EventCreation.class);

    private final Events events;
    private final Outbox outbox;
    private final EventCatalog catalog;
    private final Clock clock;

    EventCreation(Events events, Outbox outbox, EventCatalog catalog, Clock clock) {
        this.events = events;
        this.outbox = outbox;
        this.catalog = catalog;
        this.clock = clock;
    }

    @Transactional
    public Event create(NewEvent draft) {
        Event event = Event.create(UUID.randomUUID(), draft, clock.instant());
        long started = System.nanoTime();
        events.insert(event);
        int seats = events.insertSeats(event.id(), draft.layout());
        if (seats != event.capacity()) {
            throw new IllegalStateException("inserted " + seats + " seats for a capacity of " + event.capacity());
        }
        outbox.append(Topics.EVENTS, event.id().toString(), event.created());
        catalog.evictAfterCommit(event.id());
        log.info(
                "Created event {} with {} seats in {} ms",
                event.id(),
                seats,
                (System.nanoTime() - started) / 1_000_000);
        return event;
    }
}
