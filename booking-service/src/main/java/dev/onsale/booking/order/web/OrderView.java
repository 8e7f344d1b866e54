package dev.onsale.booking.order.web;

import dev.onsale.booking.order.BuyerOrders.OwnOrder;
import dev.onsale.booking.order.OrderStatus;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** {@code GET /api/orders/{orderId}} (API.md). */
record OrderView(
        UUID orderId,
        UUID eventId,
        OrderStatus status,
        List<String> seatIds,
        long amountCents,
        String currency,
        Instant expiresAt,
        List<TicketView> tickets) {

    static OrderView of(OwnOrder own) {
        var o = own.order();
        return new OrderView(
                o.id(),
                o.eventId(),
                o.status(),
                o.seatIds(),
                o.amountCents(),
                o.currency(),
                o.expiresAt(),
                own.tickets().stream()
                        .map(t -> new TicketView(t.ticketId(), t.seatId()))
                        .toList());
    }

    record TicketView(UUID ticketId, String seatId) {}
}
