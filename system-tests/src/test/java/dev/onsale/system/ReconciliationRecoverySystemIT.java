package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.system.SaleFixture.Buyer;
import dev.onsale.testing.TestHttp;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * Reconciliation on the packaged services when the stores disagree beyond a repair: an oversell in the database
 * halts the sale, and a Redis lost mid-sale takes no hold until the gate is rebuilt from what the database holds.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReconciliationRecoverySystemIT {

    private static SaleFixture fixture;

    @BeforeAll
    static void startTheStack() {
        fixture = Audit.reconcilingStack("reconcile-recovery");
    }

    @AfterAll
    static void stopTheStack() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    @Order(4)
    void anOversellInTheDatabaseHaltsTheSale() throws Exception {
        UUID eventId = fixture.generalAdmissionEvent("Oversell " + UUID.randomUUID(), 5, 3000, 600);
        Buyer buyer = fixture.newBuyer();
        UUID order = fixture.heldOrder(eventId, buyer, 1);
        String seat = fixture.strings("SELECT seat_id FROM booking.order_seats WHERE order_id = ?", order)
                .getFirst();
        UUID second = UUID.randomUUID();
        try (Connection db = fixture.database();
                Statement statement = db.createStatement()) {
            // what no constraint lets happen: another live order listing the same seat
            statement.execute("SET session_replication_role = replica");
            statement.execute(
                    ("INSERT INTO booking.orders (id, event_id, session_id, status, amount_cents, currency, expires_at,"
                                    + " updated_at) VALUES ('%s', '%s', '%s', 'HELD', 3000, 'EUR', now() + interval '10 minutes',"
                                    + " now() - interval '1 minute')")
                            .formatted(second, eventId, UUID.randomUUID()));
            statement.execute("INSERT INTO booking.order_seats (order_id, event_id, seat_id, position, price_cents)"
                    + " VALUES ('%s', '%s', '%s', 0, 3000)".formatted(second, eventId, seat));
        }
        JsonNode report = Audit.run(fixture);
        List<String> kinds = new ArrayList<>();
        Audit.eventOf(report, eventId)
                .path("drifts")
                .forEach(d -> kinds.add(
                        d.path("kind").asString() + "/" + d.path("action").asString()));
        System.out.printf("[reconcile] an oversell injected: %s%n", kinds);
        assertThat(kinds).contains("OVERSELL/SALE_HALTED");
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(fixture.gateway
                                .get("/api/events/" + eventId)
                                .send()
                                .json()
                                .path("saleState")
                                .asString())
                        .isEqualTo("HALTED"));
    }

    @Test
    @Order(5)
    void redisLostMidSaleTakesNoHoldUntilTheGateIsRebuiltAndThenCountsWhatTheDatabaseHolds() throws Exception {
        UUID eventId = fixture.generalAdmissionEvent("Redis loss " + UUID.randomUUID(), 30, 3000, 600);
        Buyer payer = fixture.newBuyer();
        UUID paid = fixture.heldOrder(eventId, payer, 2);
        UUID heldOne = fixture.heldOrder(eventId, fixture.newBuyer(), 2);
        UUID heldTwo = fixture.heldOrder(eventId, fixture.newBuyer(), 2);
        TestHttp.Reply payment = fixture.gateway
                .post("/api/orders/" + paid + "/payments", Map.of("paymentMethod", "tok_visa"))
                .bearer(payer.sessionToken())
                .idempotencyKey(UUID.randomUUID().toString())
                .send();
        assertThat(payment.status()).as("payment: %s", payment).isEqualTo(202);
        String prefix = "inventory:{" + eventId + "}:";
        await().atMost(Duration.ofSeconds(60)).until(() -> "2".equals(fixture.redis.get(prefix + "sold")));

        fixture.redis.flushAll();
        long flushed = System.nanoTime();
        var before = new ArrayList<Integer>();
        TestHttp.Reply accepted = await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> {
                            TestHttp.Reply attempt = fixture.hold(eventId, fixture.newBuyer(), "{\"quantity\":1}");
                            if (attempt.status() != 201) {
                                before.add(attempt.status());
                                assertThat(attempt.header("Retry-After"))
                                        .as("Retry-After on %s", attempt)
                                        .isNotEmpty();
                            }
                            return attempt;
                        },
                        attempt -> attempt.status() == 201);
        long rebuiltMillis = (System.nanoTime() - flushed) / 1_000_000;
        System.out.printf(
                "[reconcile] Redis flushed mid-sale: %d hold attempt(s) answered %s until the gate was"
                        + " rebuilt, %d ms after the loss%n",
                before.size(), new TreeSet<>(before), rebuiltMillis);
        assertThat(before).as("holds while the gate is rebuilt").isNotEmpty().allMatch(status -> status == 503);
        UUID after = UUID.fromString(accepted.json().path("orderId").asString());

        // the gate counts what the database holds: free, live, sold, and the sold seats stay claimed
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            assertThat(fixture.redis.get(prefix + "available")).isEqualTo(Integer.toString(30 - 2 - 2 - 2 - 1));
            assertThat(fixture.redis.smembers(prefix + "live"))
                    .containsExactlyInAnyOrder(heldOne.toString(), heldTwo.toString(), after.toString());
        });
        assertThat(fixture.redis.get(prefix + "sold")).isEqualTo("2");
        assertThat(fixture.redis.get(prefix + "live-holds")).isEqualTo("3");
        for (String seat : fixture.strings("SELECT seat_id FROM booking.seats WHERE order_id = ?", paid)) {
            assertThat(fixture.redis.get(prefix + "seat:" + seat))
                    .as("sold seat %s", seat)
                    .isEqualTo(paid.toString());
        }
        assertThat(fixture.strings("""
                SELECT os.seat_id FROM booking.order_seats os JOIN booking.orders o ON o.id = os.order_id
                WHERE os.event_id = ? AND o.status IN ('HELD', 'PAYMENT_PENDING', 'CONFIRMED')
                GROUP BY os.seat_id HAVING count(*) > 1""", eventId)).as("seats in two orders").isEmpty();

        // the run that rebuilt it says so, and the next finds nothing
        JsonNode latest = fixture.gateway
                .get("/audit/reconciliation/reports?limit=5")
                .bearer(fixture.stack.auditorToken())
                .send()
                .json();
        List<String> actions = new ArrayList<>();
        for (JsonNode summary : latest.path("reports")) {
            JsonNode report = fixture.gateway
                    .get("/audit/reconciliation/reports/"
                            + summary.path("reportId").asString())
                    .bearer(fixture.stack.auditorToken())
                    .send()
                    .json();
            for (JsonNode event : report.path("events")) {
                if (event.path("eventId").asString().equals(eventId.toString())) {
                    event.path("drifts")
                            .forEach(d -> actions.add(d.path("kind").asString() + "/"
                                    + d.path("action").asString()));
                }
            }
        }
        assertThat(actions).contains("COUNTER_DRIFT/REBUILT", "DATABASE_HOLD_WITHOUT_GATE/TAKEN_AT_GATE");
        assertThat(Audit.eventOf(Audit.run(fixture), eventId).path("drifts").size())
                .isZero();

        // the waiting room learned the event again (the store it kept its events in was lost too)
        Buyer newcomer = fixture.newBuyer();
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(() -> assertThat(fixture.gateway
                                .post("/api/queue/" + eventId + "/join", null)
                                .bearer(newcomer.sessionToken())
                                .send()
                                .status())
                        .isEqualTo(200));
    }
}
