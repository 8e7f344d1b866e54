package dev.onsale.booking.hold;

import dev.onsale.common.events.SaleState;
import java.time.Duration;

/** What allocation needs to know of an event: whether it sells now, at what limit, for how long it holds. */
record SaleTerms(SaleState saleState, String currency, Duration holdTtl, int maxPerOrder) {}
