package dev.onsale.payment.dashboard.web;

import dev.onsale.payment.provider.ProviderErrors;
import dev.onsale.payment.record.PaymentStatus;
import dev.onsale.payment.record.Payments;
import dev.onsale.platform.identity.Admin;
import java.util.Map;
import java.util.UUID;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The payments' part of {@code GET /admin/events/{eventId}/dashboard}, which the gateway composes from one part per
 * service. Not routed by the gateway: only the gateway calls it, with a signed admin identity. The queue counts
 * are the event's; the provider's errors are everyone's, since every event pays through the one acquirer.
 */
@RestController
class PaymentDashboardController {

    /**
     * @param queued                        the event's payments waiting to be sent to the acquirer
     * @param inFlight                      the event's payments the acquirer has, with no result yet
     * @param providerErrorsLastMinute      calls to the acquirer it did not accept in the last 60 s (all events)
     * @param providerErrorsLastMinuteByOutcome the same, by outcome ({@code rate_limited}, {@code timeout}, ...)
     */
    record PaymentsPart(
            long queued,
            long inFlight,
            long providerErrorsLastMinute,
            Map<String, Long> providerErrorsLastMinuteByOutcome) {}

    private final Payments payments;
    private final ProviderErrors providerErrors;

    PaymentDashboardController(Payments payments, ProviderErrors providerErrors) {
        this.payments = payments;
        this.providerErrors = providerErrors;
    }

    @GetMapping("/internal/events/{eventId}/dashboard")
    PaymentsPart part(Admin admin, @PathVariable UUID eventId) {
        Map<PaymentStatus, Long> open = payments.countOpen(eventId);
        ProviderErrors.LastMinute errors = providerErrors.lastMinute();
        return new PaymentsPart(
                open.get(PaymentStatus.QUEUED), open.get(PaymentStatus.SUBMITTED), errors.total(), errors.byOutcome());
    }
}
