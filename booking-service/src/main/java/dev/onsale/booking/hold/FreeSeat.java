package dev.onsale.booking.hold;

/** A FREE seat locked by a quantity allocation, with what adjacency is judged by ({@code row} null: general admission). */
record FreeSeat(String seatId, String section, Integer row, int number, int priceCents) {}
