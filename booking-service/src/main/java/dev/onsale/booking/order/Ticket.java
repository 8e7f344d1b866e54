package dev.onsale.booking.order;

import java.util.UUID;

/** The ticket of one seat of a confirmed order. */
public record Ticket(UUID ticketId, String seatId) {}
