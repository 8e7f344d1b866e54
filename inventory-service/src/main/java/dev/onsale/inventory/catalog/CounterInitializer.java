package dev.onsale.inventory.catalog;

import dev.onsale.common.Topics;
import dev.onsale.common.events.EventCreated;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.streamrelay.StreamRegistry;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/** Creates an event's gate counter from EventCreated, idempotently (see init_counter.lua). */
@Component
class CounterInitializer {

    private static final LuaScript INIT_COUNTER = LuaScript.load(CounterInitializer.class, "init_counter.lua");

    private final UnifiedJedis jedis;
    private final StreamRegistry streams;
    private final CatalogProperties properties;
    private final Clock clock;

    CounterInitializer(UnifiedJedis jedis, StreamRegistry streams, CatalogProperties properties, Clock clock) {
        this.jedis = jedis;
        this.streams = streams;
        this.properties = properties;
        this.clock = clock;
    }

    InitOutcome initialize(UUID messageId, EventCreated event) {
        UUID eventId = event.eventId();
        String outbox = InventoryKeys.outbox(eventId);
        streams.register(outbox);
        Object outcome = INIT_COUNTER.run(
                jedis,
                List.of(
                        InventoryKeys.processed(eventId),
                        InventoryKeys.available(eventId),
                        InventoryKeys.capacity(eventId),
                        InventoryKeys.saleState(eventId),
                        outbox,
                        InventoryKeys.settings(eventId)),
                List.of(
                        messageId.toString(),
                        Integer.toString(event.capacity()),
                        event.saleState().name(),
                        Long.toString(properties.inboxTtl().toSeconds()),
                        Topics.INVENTORY,
                        eventId.toString(),
                        UUID.randomUUID().toString(),
                        clock.instant().toString(),
                        Integer.toString(event.maxPerOrder()),
                        Integer.toString(event.holdTtlSeconds())));
        return InitOutcome.valueOf((String) outcome);
    }
}
