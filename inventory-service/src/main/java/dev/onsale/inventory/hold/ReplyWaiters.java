package dev.onsale.inventory.hold;

import dev.onsale.common.events.HoldReply;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * The hold requests of this replica waiting for their allocation reply, by order id. A waiter is
 * registered before the gate script runs, so a reply can never arrive before its waiter; requests
 * replaying one order share its future.
 */
@Component
class ReplyWaiters {

    private final Map<UUID, CompletableFuture<HoldReply>> waiting = new ConcurrentHashMap<>();

    CompletableFuture<HoldReply> register(UUID orderId) {
        return waiting.computeIfAbsent(orderId, id -> new CompletableFuture<>());
    }

    /** Hands the reply to the waiters of its order. @return whether this replica had any */
    boolean complete(HoldReply reply) {
        CompletableFuture<HoldReply> future = waiting.remove(reply.orderId());
        return future != null && future.complete(reply);
    }

    void forget(UUID orderId, CompletableFuture<HoldReply> future) {
        waiting.remove(orderId, future);
    }
}
