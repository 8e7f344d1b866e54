package dev.onsale.inventory.hold;

import dev.onsale.common.events.AllocationRefused;
import dev.onsale.common.events.HoldReply;
import dev.onsale.common.events.SeatsAllocated;
import org.springframework.stereotype.Component;

/**
 * Applies booking's allocation replies to the gate. Every replica sees every reply: one whose
 * request is waiting here hands the reply to that request, which applies it on its own (virtual)
 * thread before it answers — so a 201 is only sent once the gate records the order as held, and
 * the listener thread never queues behind Redis; a replica with no waiter applies it itself. The
 * step is idempotent, so it happens exactly once whichever replicas apply it, even if the waiting
 * replica died.
 */
@Component
public class HoldReplyHandler {

    private final Gate gate;
    private final ReplyWaiters waiters;
    private final HoldMetrics metrics;

    HoldReplyHandler(Gate gate, ReplyWaiters waiters, HoldMetrics metrics) {
        this.gate = gate;
        this.waiters = waiters;
        this.metrics = metrics;
    }

    /** A reply as it arrives from the topic. */
    public void apply(HoldReply reply) {
        if (!waiters.complete(reply)) {
            applyToGate(reply);
        }
    }

    /** @return whether this call changed the gate (false: applied before, or the order ended otherwise) */
    boolean applyToGate(HoldReply reply) {
        return switch (reply) {
            case SeatsAllocated allocated -> {
                boolean held = gate.markHeld(allocated);
                if (held) {
                    metrics.placed();
                }
                yield held;
            }
            case AllocationRefused refused -> {
                boolean restored = gate.refuse(refused);
                if (restored) {
                    metrics.refusedByAllocation(refused.reason());
                }
                yield restored;
            }
        };
    }
}
