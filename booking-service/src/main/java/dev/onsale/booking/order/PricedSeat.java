package dev.onsale.booking.order;

/** A seat claimed for a new order, at its price. */
public record PricedSeat(String seatId, int priceCents) {}
