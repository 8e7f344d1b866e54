package dev.onsale.booking.event;

/** A seat is free, held by a live order, or sold; the seats table's check constraint allows exactly these. */
public enum SeatStatus {
    FREE,
    HELD,
    SOLD
}
