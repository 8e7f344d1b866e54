package dev.onsale.gateway.problem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.common.problem.ProblemType;
import org.junit.jupiter.api.Test;

/** The gateway serves a page for every entry of the catalog, and for nothing else. */
class ProblemCatalogTest {

    private final ProblemPageController pages = new ProblemPageController();

    @Test
    void everyEntryOfTheCatalogHasAPageWithItsTitleStatusAndExplanation() {
        for (ProblemType type : ProblemType.values()) {
            String page = pages.page(type.slug());
            assertThat(page)
                    .as(type.slug())
                    .startsWith("<!doctype html>")
                    .contains("<h1>" + type.title() + "</h1>")
                    .contains("<code>/problems/" + type.slug() + "</code>, answered with HTTP status " + type.status())
                    .contains(type.explanation()
                            .replace("<", "&lt;")
                            .replace(">", "&gt;")
                            .replace("\"", "&quot;"));
        }
    }

    @Test
    void theSlugsTheContractNamesAreAllThere() {
        String[] contract = {
            "invalid-request",
            "unauthorized",
            "forbidden",
            "not-found",
            "event-not-found",
            "not-in-queue",
            "admission-required",
            "sold-out",
            "seat-unavailable",
            "order-already-live",
            "limit-exceeded",
            "rate-limited",
            "payload-too-large",
            "service-unavailable",
            "idempotency-key-missing",
            "idempotency-key-reused",
            "order-not-payable",
            "order-not-cancellable",
            "order-not-found",
            "sale-not-open",
            "sale-state-conflict",
            "reconciliation-running",
            "report-not-found",
            "sale-halted",
            "method-not-allowed",
            "internal-error",
            "webhook-signature-invalid",
            "webhook-timestamp-stale",
            "hold-ended"
        };
        for (String slug : contract) {
            assertThat(ProblemType.bySlug(slug)).as(slug).isPresent();
        }
    }

    @Test
    void anUnknownSlugIsNotFound() {
        assertThatThrownBy(() -> pages.page("no-such-thing"))
                .isInstanceOfSatisfying(
                        ProblemException.class,
                        e -> assertThat(e.problem().type()).isEqualTo(ProblemType.NOT_FOUND));
    }
}
