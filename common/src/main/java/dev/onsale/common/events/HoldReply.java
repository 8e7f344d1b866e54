package dev.onsale.common.events;

import java.util.UUID;

/**
 * booking-service's answer to an {@link AllocateSeats} on {@link dev.onsale.common.Topics#HOLD_REPLIES},
 * keyed by order id. Replies are sent after the allocation's transaction committed and are not
 * durable (the durable record is the order event): a lost reply only makes the waiting request
 * time out.
 */
public sealed interface HoldReply permits SeatsAllocated, AllocationRefused {

    UUID orderId();

    UUID eventId();
}
