package dev.onsale.inventory.catalog;

import dev.onsale.common.events.SaleStateChanged;
import dev.onsale.inventory.InventoryKeys;
import dev.onsale.platform.redis.LuaScript;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/** Records an event's sale state once per message (see record_sale_state.lua); the counter stays. */
@Component
class SaleStateRecorder {

    private static final LuaScript RECORD = LuaScript.load(SaleStateRecorder.class, "record_sale_state.lua");

    private final UnifiedJedis jedis;
    private final CatalogProperties properties;

    SaleStateRecorder(UnifiedJedis jedis, CatalogProperties properties) {
        this.jedis = jedis;
        this.properties = properties;
    }

    /** @return whether the message was applied now (false: it had been before) */
    boolean record(UUID messageId, SaleStateChanged change) {
        UUID eventId = change.eventId();
        Object outcome = RECORD.run(
                jedis,
                List.of(InventoryKeys.processed(eventId), InventoryKeys.saleState(eventId)),
                List.of(
                        messageId.toString(),
                        change.current().name(),
                        Long.toString(properties.inboxTtl().toSeconds())));
        return "RECORDED".equals(outcome);
    }
}
