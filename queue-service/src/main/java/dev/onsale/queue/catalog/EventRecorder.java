package dev.onsale.queue.catalog;

import dev.onsale.platform.redis.LuaScript;
import dev.onsale.queue.QueueKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/** Writes fields of an event's hash once per message id (see record_event.lua). */
@Component
class EventRecorder {

    private static final LuaScript RECORD = LuaScript.load(EventRecorder.class, "record_event.lua");

    private final UnifiedJedis jedis;
    private final CatalogProperties properties;
    private final KnownEvents knownEvents;

    EventRecorder(UnifiedJedis jedis, CatalogProperties properties, KnownEvents knownEvents) {
        this.jedis = jedis;
        this.properties = properties;
        this.knownEvents = knownEvents;
    }

    /** @return whether the message was applied now (false: it had been before) */
    boolean record(UUID messageId, UUID eventId, Map<String, String> fields) {
        List<String> args = new ArrayList<>(2 + 2 * fields.size());
        args.add(messageId.toString());
        args.add(Long.toString(properties.inboxTtl().toSeconds()));
        fields.forEach((field, value) -> {
            args.add(field);
            args.add(value);
        });
        knownEvents.add(eventId);
        Object outcome = RECORD.run(jedis, List.of(QueueKeys.processed(eventId), QueueKeys.event(eventId)), args);
        return "APPLIED".equals(outcome);
    }
}
