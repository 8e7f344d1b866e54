package dev.onsale.queue.availability;

import dev.onsale.common.events.AvailabilityChanged;
import dev.onsale.common.events.InventoryEvent;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.redis.LuaScript;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.catalog.CatalogEvents;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/**
 * Keeps each event's availability as inventory last reported it (see availability.lua): the pump
 * admits nobody while the counter is at zero, and once nothing can come back the waiting room is
 * sold out for good. Other inventory events are none of the waiting room's business.
 */
@Component
public class AvailabilityRecorder {

    private static final Logger log = LoggerFactory.getLogger(AvailabilityRecorder.class);
    private static final LuaScript APPLY = LuaScript.load(AvailabilityRecorder.class, "availability.lua");

    private final UnifiedJedis jedis;
    private final CatalogEvents catalog;

    AvailabilityRecorder(UnifiedJedis jedis, CatalogEvents catalog) {
        this.jedis = jedis;
        this.catalog = catalog;
    }

    public void apply(Envelope envelope) {
        if (!AvailabilityChanged.class.getSimpleName().equals(envelope.eventType())) {
            return;
        }
        AvailabilityChanged changed = (AvailabilityChanged) envelope.event(InventoryEvent.class);
        Object outcome = APPLY.run(
                jedis,
                List.of(QueueKeys.processed(changed.eventId()), QueueKeys.availability(changed.eventId())),
                List.of(
                        envelope.messageId().toString(),
                        Long.toString(catalog.inboxTtl().toSeconds()),
                        Long.toString(changed.available()),
                        Long.toString(changed.liveHolds()),
                        Long.toString(envelope.occurredAt().toEpochMilli())));
        if ("SOLD_OUT".equals(outcome)) {
            log.info("event {} is sold out: nobody waiting will be admitted", changed.eventId());
        }
    }
}
