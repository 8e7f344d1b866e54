package dev.onsale.booking.event;

import java.util.UUID;

/** One cacheable response of the catalog. */
sealed interface CatalogKey {

    record AllEvents() implements CatalogKey {}

    record Detail(UUID eventId) implements CatalogKey {}

    record Seats(UUID eventId) implements CatalogKey {}

    /** Metric tag naming the kind of response. */
    default String view() {
        return switch (this) {
            case AllEvents a -> "list";
            case Detail d -> "detail";
            case Seats s -> "seats";
        };
    }
}
