package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** What operators and auditors ask of a stack through the gateway: reconciliation runs, reports, ledgers, dashboards. */
final class Audit {

    static final String RUN = "/admin/reconciliation/run";

    private Audit() {}

    /**
     * A stack for reconciliation's tests: the in-flight window shortened to 3 s, so that what a test injects is
     * older than it; scheduled runs off, so every run is the test's own; two orders per message, so every question
     * about an event with orders goes in parts, through the real broker.
     */
    static SaleFixture reconcilingStack(String name) {
        return SaleFixture.start(
                name,
                Map.of(
                        "ONSALE_RECONCILIATION_INFLIGHTWINDOW",
                        "3s",
                        "ONSALE_RECONCILIATION_SCHEDULED",
                        "false",
                        "ONSALE_RECONCILIATION_ORDERSPERPART",
                        "2"));
    }

    /** An operator's run; one under way (scheduled, or the rebuild that follows a stack's start) is waited out. */
    static TestHttp.Reply runWaitingOutOthers(SaleFixture fixture) {
        return await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(500))
                .until(
                        () -> fixture.gateway
                                .post(RUN, null)
                                .bearer(fixture.stack.adminToken())
                                .send(),
                        r -> r.status() != 409);
    }

    /** An operator's run, answered 201 with its report. */
    static JsonNode run(SaleFixture fixture) {
        TestHttp.Reply response = runWaitingOutOthers(fixture);
        assertThat(response.status()).as("reconciliation run: %s", response).isEqualTo(201);
        return response.json();
    }

    /** The part of {@code report} about {@code eventId}, whose gate answered. */
    static JsonNode eventOf(JsonNode report, UUID eventId) {
        assertThat(report).as("a reconciliation report").isNotNull();
        for (JsonNode event : report.path("events")) {
            if (event.path("eventId").asString().equals(eventId.toString())) {
                assertThat(event.path("gateAnswered").asBoolean())
                        .as("the gate answered: %s", event)
                        .isTrue();
                return event;
            }
        }
        throw new AssertionError("event " + eventId + " is not in the report " + report);
    }

    /** The operator's dashboard of {@code eventId}, every part of it answered. */
    static JsonNode dashboard(SaleFixture fixture, UUID eventId) {
        TestHttp.Reply response = fixture.gateway
                .get("/admin/events/" + eventId + "/dashboard")
                .bearer(fixture.stack.adminToken())
                .send();
        assertThat(response.status()).as("dashboard: %s", response).isEqualTo(200);
        assertThat(response.json().path("unavailable").isEmpty())
                .as("dashboard: %s", response)
                .isTrue();
        return response.json();
    }

    /** Asserts that the event's ledger finds I1, I2 and I3 holding. */
    static void assertInvariantsHold(JsonNode ledger) {
        for (String invariant : List.of("I1", "I2", "I3")) {
            assertThat(ledger.path("invariants").path(invariant).path("holds").asBoolean())
                    .as(
                            "%s of event %s: %s",
                            invariant,
                            ledger.path("eventId").asString(),
                            ledger.path("invariants").path(invariant))
                    .isTrue();
        }
    }

    /**
     * I2 and I3 from the acquirer's side, for {@code orders} (id to status): every charge is of one of them, each order
     * has one charge (one buyer action, however often sent), a captured charge is a CONFIRMED order or refunded in full
     * on a REFUNDED one, and every CONFIRMED or REFUNDED order has its charge. Returns the captured charges.
     */
    static int assertEachChargeOnceAndCapturedOnlyForTicketsOrRefunds(
            PaymentSandbox.Books books, Map<UUID, String> orders) {
        Map<UUID, List<JsonNode>> chargesByOrder = books.chargesByOrder();
        Map<String, Long> refundedByCharge = books.refundedByCharge();
        int captured = 0;
        for (var entry : chargesByOrder.entrySet()) {
            String status = orders.get(entry.getKey());
            assertThat(status).as("order %s of a charge", entry.getKey()).isNotNull();
            // I3: each order here was paid by one buyer action (however often it was sent): one charge.
            assertThat(entry.getValue())
                    .as("charges of order %s", entry.getKey())
                    .hasSize(1);
            JsonNode charge = entry.getValue().getFirst();
            long refunded = refundedByCharge.getOrDefault(charge.path("id").asString(), 0L);
            if (charge.path("status").asString().equals("SUCCEEDED")) {
                captured++;
                // I2: a captured charge is one confirmed order, or refunded in full on an order that is REFUNDED.
                if (status.equals("CONFIRMED")) {
                    assertThat(refunded)
                            .as("refund of the confirmed order %s", entry.getKey())
                            .isZero();
                } else {
                    assertThat(status)
                            .as("order %s of a captured charge", entry.getKey())
                            .isEqualTo("REFUNDED");
                    assertThat(refunded).isEqualTo(charge.path("amountCents").asLong());
                }
            } else {
                assertThat(refunded)
                        .as("refund of a charge that captured nothing")
                        .isZero();
                assertThat(status).isNotEqualTo("CONFIRMED");
            }
        }
        for (var order : orders.entrySet()) {
            if (order.getValue().equals("CONFIRMED") || order.getValue().equals("REFUNDED")) {
                assertThat(chargesByOrder)
                        .as("charge of the %s order %s", order.getValue(), order.getKey())
                        .containsKey(order.getKey());
            }
        }
        return captured;
    }
}
