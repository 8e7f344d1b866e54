package dev.onsale.booking.event;

/** One seat of an event; {@code row} is null for general admission. */
public record Seat(String seatId, String section, Integer row, int number, int priceCents, SeatStatus status) {}
