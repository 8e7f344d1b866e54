package dev.onsale.common.events;

import java.util.UUID;

/**
 * Commands from inventory-service's gate to booking-service's allocation on
 * {@link dev.onsale.common.Topics#HOLD_COMMANDS}, keyed by order id: both commands of one order go to
 * one partition, so booking sees them in the order the gate appended them.
 */
public sealed interface HoldCommand permits AllocateSeats, CancelAllocation {

    UUID orderId();

    UUID eventId();
}
