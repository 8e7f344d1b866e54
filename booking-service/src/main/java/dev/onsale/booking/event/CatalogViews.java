package dev.onsale.booking.event;

import dev.onsale.common.events.SaleState;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** The JSON shapes of the catalog (API.md). */
public final class CatalogViews {

    private CatalogViews() {}

    /** An entry of {@code GET /api/events}. */
    public record EventSummary(
            UUID eventId,
            String name,
            String venue,
            Instant startsAt,
            Instant saleOpensAt,
            SaleState saleState,
            boolean seated,
            String currency) {
        static EventSummary of(Event e) {
            return new EventSummary(
                    e.id(),
                    e.name(),
                    e.venue(),
                    e.startsAt(),
                    e.saleOpensAt(),
                    e.saleState(),
                    e.seated(),
                    e.currency());
        }
    }

    /** {@code GET /api/events/{eventId}} and the body of {@code POST /admin/events}. */
    public record EventDetail(
            UUID eventId,
            String name,
            String venue,
            Instant startsAt,
            Instant saleOpensAt,
            SaleState saleState,
            boolean seated,
            String currency,
            int holdTtlSeconds,
            int maxPerOrder,
            int capacity) {
        public static EventDetail of(Event e) {
            return new EventDetail(
                    e.id(),
                    e.name(),
                    e.venue(),
                    e.startsAt(),
                    e.saleOpensAt(),
                    e.saleState(),
                    e.seated(),
                    e.currency(),
                    e.holdTtlSeconds(),
                    e.maxPerOrder(),
                    e.capacity());
        }
    }

    /** {@code GET /api/events/{eventId}/seats}. */
    public record EventSeats(UUID eventId, List<SeatView> seats) {}

    public record SeatView(String seatId, String section, Integer row, int number, int priceCents, SeatStatus status) {
        static SeatView of(Seat s) {
            return new SeatView(s.seatId(), s.section(), s.row(), s.number(), s.priceCents(), s.status());
        }
    }
}
