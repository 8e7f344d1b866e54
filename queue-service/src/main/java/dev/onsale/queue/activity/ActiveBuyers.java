package dev.onsale.queue.activity;

import dev.onsale.common.events.OrderEvent;
import dev.onsale.common.events.OrderHeld;
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
 * Counts admitted buyers out as their orders end (see order_event.lua), idempotently per message:
 * an order that ended frees its session's active slot once; a held order keeps the session active
 * past its admission's expiry until that order ends.
 */
@Component
public class ActiveBuyers {

    private static final Logger log = LoggerFactory.getLogger(ActiveBuyers.class);
    private static final LuaScript APPLY = LuaScript.load(ActiveBuyers.class, "order_event.lua");

    private final UnifiedJedis jedis;
    private final CatalogEvents catalog;

    ActiveBuyers(UnifiedJedis jedis, CatalogEvents catalog) {
        this.jedis = jedis;
        this.catalog = catalog;
    }

    /** @throws dev.onsale.platform.messaging.MalformedEnvelopeException if the payload is no OrderEvent */
    public void apply(Envelope envelope) {
        OrderEvent event = envelope.event(OrderEvent.class);
        String kind = event.ended() ? "ENDED" : event instanceof OrderHeld ? "HELD" : "OTHER";
        Object outcome = APPLY.run(
                jedis,
                List.of(QueueKeys.processed(event.eventId()), QueueKeys.active(event.eventId())),
                List.of(
                        envelope.messageId().toString(),
                        Long.toString(catalog.inboxTtl().toSeconds()),
                        event.sessionId().toString(),
                        kind));
        log.debug(
                "{} {} of session {} for event {}: {}",
                envelope.eventType(),
                envelope.messageId(),
                event.sessionId(),
                event.eventId(),
                outcome);
    }
}
