package dev.onsale.gateway.problem;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ProblemCatalogTest {

    @Test
    void everySlugOfThePublicContractHasAPage() {
        String[] contract = {"invalid-request", "unauthorized", "forbidden", "not-found", "event-not-found",
                "not-in-queue", "admission-required", "sold-out", "seat-unavailable", "order-already-live",
                "limit-exceeded", "rate-limited", "payload-too-large", "service-unavailable",
                "idempotency-key-missing", "idempotency-key-reused", "order-not-payable", "order-not-cancellable",
                "sale-halted", "method-not-allowed", "internal-error", "webhook-signature-invalid",
                "webhook-timestamp-stale", "hold-ended"};
        for (String slug : contract) {
            assertThat(ProblemType.bySlug(slug)).as(slug).isPresent();
        }
    }

    @Test
    void theProblemPageExplainsTheSlugInHtml() {
        String page = new ProblemPageController().page("sold-out");
        assertThat(page).startsWith("<!doctype html>").contains("<h1>Sold out</h1>").contains("/problems/sold-out");
    }

    @Test
    void anUnknownSlugIsNotFound() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ProblemPageController().page("no-such-thing"))
                .isInstanceOfSatisfying(ProblemException.class,
                        e -> assertThat(e.problem().type()).isEqualTo(ProblemType.NOT_FOUND));
    }
}
