package dev.onsale.inventory.availability;

/**
 * What a buyer can hope for right now. {@code soldOut} is final: nothing is left and no live hold
 * can give seats back.
 */
public record Availability(long available, long liveHolds, boolean soldOut) {

    static Availability of(long available, long liveHolds) {
        return new Availability(available, liveHolds, available == 0 && liveHolds == 0);
    }
}
