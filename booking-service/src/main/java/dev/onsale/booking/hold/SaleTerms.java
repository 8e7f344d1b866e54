package dev.onsale.booking.hold;

import dev.onsale.common.events.SaleState;
import java.time.Duration;

/**
 * What allocation needs to know of an event: whether it sells now, at what limit, for how long it holds, and whether
 * its seats are chosen ({@code seated}) or general admission.
 */
record SaleTerms(SaleState saleState, String currency, Duration holdTtl, int maxPerOrder, boolean seated) {}
