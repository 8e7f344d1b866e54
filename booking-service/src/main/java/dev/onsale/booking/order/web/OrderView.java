package dev.onsale.booking.order.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.onsale.booking.order.BuyerOrders.OwnOrder;
import dev.onsale.booking.order.OrderStatus;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * {@code GET /api/orders/{orderId}} (API.md). A field that has nothing true to say is left out rather than sent as
 * null: {@code expiresAt} once the order is final (a deadline it no longer has), {@code failureReason} unless the
 * payment failed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record OrderView(
        UUID orderId,
        UUID eventId,
        OrderStatus status,
        List<String> seatIds,
        long amountCents,
        String currency,

        @Schema(
                description = "while HELD, when the hold ends; while PAYMENT_PENDING, when the payment must have"
                        + " been settled; absent once the order is final")
        Instant expiresAt,

        List<TicketView> tickets,

        @Schema(
                description = "PAYMENT_FAILED only: the provider's reason, e.g. card_declined,"
                        + " insufficient_funds, unknown_payment_method, provider-unavailable",
                example = "card_declined")
        String failureReason) {

    static OrderView of(OwnOrder own) {
        var o = own.order();
        return new OrderView(
                o.id(),
                o.eventId(),
                o.status(),
                o.seatIds(),
                o.amountCents(),
                o.currency(),
                o.status().live() ? o.deadline() : null,
                own.tickets().stream()
                        .map(t -> new TicketView(t.ticketId(), t.seatId()))
                        .toList(),
                own.failureReason());
    }

    record TicketView(UUID ticketId, String seatId) {}
}
