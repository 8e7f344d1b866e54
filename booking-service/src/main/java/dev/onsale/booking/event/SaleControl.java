package dev.onsale.booking.event;

import dev.onsale.common.Topics;
import dev.onsale.platform.outbox.Outbox;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Moves events' sales through {@link Event#after(SaleAction)}. A move is one conditional UPDATE of the
 * sale state plus its {@code SaleStateChanged} in the outbox, in one transaction; a call that changes
 * nothing writes nothing. Of concurrent callers of one move, exactly one writes it.
 */
@Service
public class SaleControl {

    private static final Logger log = LoggerFactory.getLogger(SaleControl.class);
    /** Re-reads after losing a race; each loss means another writer moved the sale in between. */
    private static final int ATTEMPTS = 5;

    private final Events events;
    private final Outbox outbox;
    private final EventCatalog catalog;

    SaleControl(Events events, Outbox outbox, EventCatalog catalog) {
        this.events = events;
        this.outbox = outbox;
        this.catalog = catalog;
    }

    /** The event as the database has it now; empty if there is no such event. */
    public Optional<Event> current(UUID eventId) {
        return events.find(eventId);
    }

    /**
     * The event after {@code action}; empty if there is no such event.
     *
     * @throws SaleStateConflict if the action is not legal in the sale's current state
     */
    @Transactional
    public Optional<Event> drive(UUID eventId, SaleAction action) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            // READ COMMITTED: each statement sees what has committed before it, so a lost race re-reads the winner's
            // state.
            Optional<Event> found = events.find(eventId);
            if (found.isEmpty()) {
                return found;
            }
            Event current = found.get();
            Optional<Event> next = current.after(action);
            if (next.isEmpty()) {
                return found;
            }
            if (move(current, next.get(), action.pathName())) {
                return next;
            }
        }
        throw new IllegalStateException("the sale of event " + eventId + " kept changing under " + action);
    }

    /** Opens every scheduled event whose sale is due, up to {@code limit}; returns the number opened. */
    @Transactional
    public int openDue(int limit) {
        List<Event> due = events.lockDueForOpening(limit);
        for (Event event : due) {
            Event open = event.after(SaleAction.OPEN).orElseThrow();
            if (!move(event, open, "clock")) {
                throw new IllegalStateException("event " + event.id() + " changed while locked");
            }
        }
        return due.size();
    }

    private boolean move(Event current, Event next, String cause) {
        if (!events.updateSaleState(current.id(), current.saleState(), next.saleState())) {
            return false;
        }
        outbox.append(Topics.EVENTS, current.id().toString(), current.changedTo(next));
        catalog.evictAfterCommit(current.id());
        log.info("Sale of event {}: {} -> {} ({})", current.id(), current.saleState(), next.saleState(), cause);
        return true;
    }
}
