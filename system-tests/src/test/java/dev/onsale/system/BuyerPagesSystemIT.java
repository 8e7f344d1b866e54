package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.testing.DoorScanner;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The buyer's pages, the operator's and the auditor's, in a real Chromium against a whole stack: what a buyer sees
 * from the event page to a ticket, and what they see when it goes otherwise. Every final page is kept as a
 * screenshot under {@code target/screenshots/}. Skipped, saying what to install, where no Chromium is found.
 */
@ExtendWith(SharedSale.class)
class BuyerPagesSystemIT {

    private static SaleFixture sale;
    private Browser browser;

    @BeforeAll
    static void takeTheSharedStack(SaleFixture shared) {
        sale = shared;
    }

    @BeforeEach
    void openABrowser() throws Exception {
        browser = Browser.start(sale.stack.gatewayUrl());
    }

    @AfterEach
    void closeTheBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void aBuyerGoesFromTheEventPageThroughTheQueueToATicketAndTheNextBuyerSeesTheSeatTaken() throws Exception {
        UUID event = seatedEvent("Pages: a ticket", 120);

        browser.open("/");
        browser.click("a[href='/events/" + event + "']");
        browser.waitForText("#name", "Pages: a ticket");
        browser.waitForText("#available", "^10$");
        browser.keep("01-event-page");
        browser.click("#join-link");
        browser.waitForPath("/events/" + event + "/admitted");
        browser.press("button[data-seat-id='A-1-3']", Keys.SPACE);
        browser.waitForText("#chosen", "A-1-3");
        assertThat(browser.element("button[data-seat-id='A-1-3']").getAttribute("aria-pressed"))
                .isEqualTo("true");
        browser.keep("02-seat-map-a-seat-chosen");
        browser.press("#hold", Keys.ENTER);
        browser.waitForPath("/orders/[0-9a-f-]{36}");
        String orderId = browser.path().substring("/orders/".length());
        browser.waitForText("#hold-countdown", "\\d+ min \\d\\d s left to pay");
        browser.waitForText("#seats", "A-1-3");
        browser.keep("03-checkout-with-countdown");
        browser.click("#pay");
        browser.waitForText("#heading", "You have tickets", Duration.ofSeconds(60));

        TestHttp.Reply order = sale.gateway
                .get("/api/orders/" + orderId)
                .bearer(sessionTokenOfTheBrowser())
                .send();
        assertThat(order.json().path("status").asString()).isEqualTo("CONFIRMED");
        String ticketId = order.json().path("tickets").get(0).path("ticketId").asString();
        browser.waitForText(".ticket-id", ticketId);
        // as a scanner at the door (upright, then turned a quarter at a time), looked at again until it reads a code
        String scanned = await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> DoorScanner.scan(browser.keepWholePage("04-confirmation-with-ticket"))
                                .orElse(null),
                        Objects::nonNull);
        assertThat(scanned).as("the ticket's code, scanned").isEqualTo(ticketId);

        browser.becomeANewBuyer();
        browser.open("/wait/" + event);
        browser.waitForPath("/events/" + event + "/admitted");
        WebElement taken = browser.element("button[data-seat-id='A-1-3']");
        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(
                                browser.element("button[data-seat-id='A-1-3']").getAttribute("class"))
                        .contains("sold"));
        assertThat(taken.isEnabled()).as("a sold seat cannot be chosen").isFalse();
        browser.keep("05-next-buyer-sees-the-seat-sold");
    }

    @Test
    void aSecondTabOfTheSameBrowserSeesTheLiveOrderInsteadOfStartingAnother() {
        UUID event = seatedEvent("Pages: two tabs", 120);
        String orderId = holdThroughThePages(event, "A-1-1");

        String first = browser.openSecondTab();
        browser.open("/events/" + event + "/admitted");
        browser.waitForPath("/orders/" + orderId);
        browser.open("/events/" + event);
        browser.waitForText("#live-order", "order in progress");
        assertThat(browser.element("#join").isDisplayed()).isFalse();
        browser.keep("06-second-tab-finds-the-live-order");
        browser.click("#live-order-link");
        browser.waitForPath("/orders/" + orderId);
        browser.click("#cancel");
        browser.waitForText("#heading", "Order cancelled");

        browser.switchTo(first);
        browser.waitForText("#heading", "Order cancelled", Duration.ofSeconds(15));
        browser.keep("07-cancelled-seen-in-the-first-tab");
        assertThat(seatStatus(event, "A-1-1")).isEqualTo("FREE");
    }

    @Test
    void aDeclinedCardShowsTheDeclineAndFreesTheSeat() {
        UUID event = seatedEvent("Pages: declined", 120);
        holdThroughThePages(event, "A-2-1");

        browser.click("input[value='tok_declined']");
        browser.click("#pay");
        browser.waitForText("#heading", "Payment declined", Duration.ofSeconds(60));
        browser.waitForText("#message", "nothing was charged");
        browser.keep("08-payment-declined");
        await().atMost(Duration.ofSeconds(15)).until(() -> "FREE".equals(seatStatus(event, "A-2-1")));

        browser.click("#next-link");
        browser.waitForPath("/events/" + event + "/admitted");
        await().atMost(Duration.ofSeconds(15))
                .untilAsserted(() -> assertThat(
                                browser.element("button[data-seat-id='A-2-1']").isEnabled())
                        .isTrue());
    }

    @Test
    void theCountdownReachingZeroShowsTheHoldExpired() {
        UUID event = seatedEvent("Pages: expired", 10);
        String orderId = holdThroughThePages(event, "A-1-5");

        browser.waitForText("#heading", "Hold expired", Duration.ofSeconds(30));
        browser.waitForText("#message", "seats have been released");
        browser.keep("09-hold-expired");
        await().atMost(Duration.ofSeconds(30))
                .until(() -> "EXPIRED"
                        .equals(sale.gateway
                                .get("/api/orders/" + orderId)
                                .bearer(sessionTokenOfTheBrowser())
                                .send()
                                .json()
                                .path("status")
                                .asString()));
        assertThat(browser.element("#pay-form").isDisplayed()).isFalse();
    }

    @Test
    void aSoldOutEventSaysSoldOutInTheWaitingRoom() {
        UUID event = sale.generalAdmissionEvent("Pages: sold out", 1, 3000, 60);
        SaleFixture.Buyer other = sale.newBuyer();
        UUID order = sale.heldOrder(event, other, 1);
        TestHttp.Reply paid = sale.gateway
                .post("/api/orders/" + order + "/payments", "{\"paymentMethod\": \"tok_visa\"}")
                .bearer(other.sessionToken())
                .idempotencyKey(UUID.randomUUID().toString())
                .send();
        assertThat(paid.status()).as("%s", paid).isEqualTo(202);
        await().atMost(Duration.ofSeconds(60))
                .until(() -> sale.gateway
                        .get("/api/events/" + event + "/availability")
                        .send()
                        .json()
                        .path("soldOut")
                        .asBoolean());

        browser.open("/wait/" + event);
        browser.waitForText("#message", "Sold out");
        browser.keep("10-sold-out-in-the-waiting-room");
        browser.open("/events/" + event);
        browser.waitForText("#message", "Sold out");
        assertThat(browser.element("#join").isDisplayed()).isFalse();
    }

    @Test
    void theOperatorHaltsTheSaleFromTheOperatorPageAndAnOpenWaitingPageSaysSo() {
        UUID event = scheduledEvent("Pages: halted");
        browser.open("/wait/" + event);
        browser.waitForText("#message", "has not opened yet");
        String waiting = browser.openSecondTab();

        browser.open("/operator");
        browser.type("#token", sale.stack.adminToken());
        browser.click("#token-form button[type='submit']");
        browser.waitForText("#event", "Pages: halted");
        new Select(browser.element("#event")).selectByValue(event.toString());
        browser.waitForText("#sale-state", "SCHEDULED");
        browser.click("#halt");
        browser.waitForText("#confirm-dialog", "(?i)halt");
        browser.click("#confirm-yes");
        browser.waitForText("#sale-state", "HALTED");
        browser.keep("11-operator-halted-the-sale");
        assertThat(browser.path()).doesNotContain(sale.stack.adminToken());

        browser.switchTo(waiting);
        browser.waitForText("#message", "Sale stopped", Duration.ofSeconds(45));
        browser.keep("12-waiting-page-says-sale-stopped");
    }

    @Test
    void theAuditorReadsAReconciliationReportItsChainAndAnEventsLedger() {
        UUID event = seatedEvent("Pages: audited", 120);
        String reportId = await().atMost(Duration.ofSeconds(60))
                .until(
                        () -> {
                            TestHttp.Reply run = sale.gateway
                                    .post("/admin/reconciliation/run", "{}")
                                    .bearer(sale.stack.adminToken())
                                    .send();
                            return run.status() == 201
                                    ? run.json().path("reportId").asString()
                                    : null;
                        },
                        id -> id != null);

        browser.open("/auditor");
        browser.type("#token", sale.stack.auditorToken());
        browser.click("#token-form button[type='submit']");
        browser.click("button[aria-label='Open report " + reportId + "']");
        browser.waitForText("#report-heading", reportId);
        browser.waitForText("#report-events", event.toString());
        browser.click("#verify");
        browser.waitForText("#verify-result", "(?i)valid");
        assertThat(browser.element("#verify-result").getText()).doesNotContainIgnoringCase("not valid");
        new Select(browser.element("#ledger-event")).selectByValue(event.toString());
        browser.click("#show-ledger");
        browser.waitForText("#ledger-invariants", "I1 holds");
        assertThat(browser.element("#ledger-invariants").getText())
                .contains("I2 holds", "I3 holds")
                .doesNotContain("FAILS");
        browser.keepWholePage("13-auditor-report-chain-and-ledger");
        assertThat(browser.path()).doesNotContain(sale.stack.auditorToken());
    }

    /** Through the event's waiting room to the seat map, where {@code seatId} is held; returns the order's id. */
    private String holdThroughThePages(UUID event, String seatId) {
        browser.open("/events/" + event);
        browser.click("#join-link");
        browser.waitForPath("/events/" + event + "/admitted");
        browser.click("button[data-seat-id='" + seatId + "']");
        browser.waitForText("#chosen", seatId);
        browser.click("#hold");
        browser.waitForPath("/orders/[0-9a-f-]{36}");
        browser.waitForText("#seats", seatId);
        return browser.path().substring("/orders/".length());
    }

    private String sessionTokenOfTheBrowser() {
        return (String)
                browser.script("return JSON.parse(window.localStorage.getItem('onsale.session')).sessionToken;");
    }

    private static String seatStatus(UUID event, String seatId) {
        for (var seat : sale.gateway
                .get("/api/events/" + event + "/seats")
                .send()
                .json()
                .path("seats")) {
            if (seat.path("seatId").asString().equals(seatId)) {
                return seat.path("status").asString();
            }
        }
        throw new AssertionError("no seat " + seatId);
    }

    /** Ten seats, A-1-1 to A-2-5, at 50.00 EUR, on sale now. */
    private static UUID seatedEvent(String name, int holdTtlSeconds) {
        return sale.created(eventBody(name, Instant.now().minusSeconds(60), holdTtlSeconds), 10);
    }

    /** Ten seats whose sale opens in an hour: its waiting room is the pre-queue. */
    private static UUID scheduledEvent(String name) {
        TestHttp.Reply created = sale.gateway
                .post("/admin/events", eventBody(name, Instant.now().plus(Duration.ofHours(1)), 120))
                .bearer(sale.stack.adminToken())
                .send();
        assertThat(created.status()).as("%s", created).isEqualTo(201);
        UUID event = UUID.fromString(created.json().path("eventId").asString());
        await().atMost(Duration.ofSeconds(30))
                .until(() -> sale.gateway
                                .get("/api/queue/" + event + "/progress")
                                .send()
                                .status()
                        == 200);
        return event;
    }

    private static String eventBody(String name, Instant saleOpensAt, int holdTtlSeconds) {
        return """
                {"name": "%s", "venue": "Hall A", "startsAt": "%s", "saleOpensAt": "%s", "currency": "EUR",
                 "holdTtlSeconds": %d, "maxPerOrder": 4,
                 "seatMap": {"sections": [{"name": "A", "rows": 2, "seatsPerRow": 5, "priceCents": 5000}]}}""".formatted(name, Instant.now().plus(Duration.ofDays(30)), saleOpensAt, holdTtlSeconds);
    }
}
