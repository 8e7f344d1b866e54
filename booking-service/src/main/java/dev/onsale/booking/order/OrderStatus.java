package dev.onsale.booking.order;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The states of an order and the one table of legal moves between them. HELD and PAYMENT_PENDING are
 * live (their seats are HELD for them); CONFIRMED owns SOLD seats; EXPIRED, CANCELLED and PAYMENT_FAILED
 * gave their seats back; REFUNDED is a dead order whose late charge was refunded.
 * <pre>
 *   HELD            -> PAYMENT_PENDING | CONFIRMED | EXPIRED | CANCELLED
 *   PAYMENT_PENDING -> CONFIRMED | PAYMENT_FAILED | EXPIRED
 *   EXPIRED | CANCELLED | PAYMENT_FAILED -> REFUNDED
 *   CONFIRMED, REFUNDED: final
 * </pre>
 */
public enum OrderStatus {
    HELD,
    PAYMENT_PENDING,
    CONFIRMED,
    EXPIRED,
    CANCELLED,
    PAYMENT_FAILED,
    REFUNDED;

    private static final Map<OrderStatus, Set<OrderStatus>> LEGAL = Map.of(
            HELD, EnumSet.of(PAYMENT_PENDING, CONFIRMED, EXPIRED, CANCELLED),
            PAYMENT_PENDING, EnumSet.of(CONFIRMED, PAYMENT_FAILED, EXPIRED),
            CONFIRMED, EnumSet.noneOf(OrderStatus.class),
            EXPIRED, EnumSet.of(REFUNDED),
            CANCELLED, EnumSet.of(REFUNDED),
            PAYMENT_FAILED, EnumSet.of(REFUNDED),
            REFUNDED, EnumSet.noneOf(OrderStatus.class));

    public boolean canBecome(OrderStatus next) {
        return LEGAL.get(this).contains(next);
    }

    /** Whether the order's seats are HELD for it. */
    public boolean live() {
        return this == HELD || this == PAYMENT_PENDING;
    }

    /** Whether the order gave its seats back without selling them. */
    public boolean dead() {
        return this == EXPIRED || this == CANCELLED || this == PAYMENT_FAILED;
    }

    /** What entering this state does to the order's seats. */
    SeatEffect seatEffect() {
        return switch (this) {
            case EXPIRED, CANCELLED, PAYMENT_FAILED -> SeatEffect.FREE;
            case CONFIRMED -> SeatEffect.SELL;
            case HELD, PAYMENT_PENDING, REFUNDED -> SeatEffect.NONE;
        };
    }

    enum SeatEffect {
        /** Seats become FREE (no order) again. */
        FREE,
        /** Seats become SOLD and get tickets. */
        SELL,
        NONE
    }
}
