package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.onsale.system.SaleFixture.Buyer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 * Reconciliation on the packaged services, through the gateway: every kind of drift injected straight into Redis
 * or PostgreSQL (as a lost message or a lost write leaves it) is found, classified and repaired by one run, and
 * the next run finds nothing; the reports form a chain that an SQL edit breaks, visibly; an oversell halts the
 * sale. The in-flight window is shortened to 3 s so that what is injected is older than it; scheduled runs are
 * off, so every run is the test's own.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReconciliationSystemIT {

    private static SaleFixture fixture;
    /** The report of the run that repaired the injected drift (test 1), which test 2 alters. */
    private static String repairedReport;

    @BeforeAll
    static void startTheStack() {
        // two orders per message: every question about an event with orders goes in parts, through the real broker
        fixture = SaleFixture.start(
                "reconcile",
                Map.of(
                        "ONSALE_RECONCILIATION_INFLIGHTWINDOW",
                        "3s",
                        "ONSALE_RECONCILIATION_SCHEDULED",
                        "false",
                        "ONSALE_RECONCILIATION_ORDERSPERPART",
                        "2"));
    }

    @AfterAll
    static void stopTheStack() {
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    @Order(1)
    void everyKindOfDriftIsFoundClassifiedAndRepairedOnceAndTheNextRunFindsNothing() throws Exception {
        UUID eventId = fixture.generalAdmissionEvent("Drift " + UUID.randomUUID(), 20, 3000, 600);
        Buyer kept = fixture.newBuyer();
        Buyer expiredUnannounced = fixture.newBuyer();
        Buyer lostAtTheGate = fixture.newBuyer();
        UUID keptOrder = holdOrder(eventId, kept, 2);
        UUID expiredOrder = holdOrder(eventId, expiredUnannounced, 1);
        UUID lostOrder = holdOrder(eventId, lostAtTheGate, 1);
        await().atMost(Duration.ofSeconds(20))
                .until(() -> gateState(eventId, lostOrder).equals("HELD"));

        JsonNode clean = Audit.run(fixture);
        // what is injected below must be older than the 3 s in-flight window, or it would count as in flight
        Thread.sleep(3_500);
        assertThat(Audit.eventOf(clean, eventId).path("drifts").size())
                .as("before anything is injected: %s", clean)
                .isZero();

        String prefix = "inventory:{" + eventId + "}:";
        // COUNTER_DRIFT: three seats gone from the counter (a lost give-back)
        fixture.redis.decrBy(prefix + "available", 3);
        // GATE_HOLD_UNKNOWN: a PENDING order booking never heard of, placed a minute ago
        UUID unknownOrder = UUID.randomUUID();
        UUID unknownSession = UUID.randomUUID();
        fixture.redis.hset(
                prefix + "order:" + unknownOrder,
                Map.of(
                        "state",
                        "PENDING",
                        "quantity",
                        "1",
                        "seats",
                        "",
                        "session",
                        unknownSession.toString(),
                        "idempotency",
                        "",
                        "requestedAt",
                        Instant.now().minusSeconds(60).toString()));
        fixture.redis.sadd(prefix + "live", unknownOrder.toString());
        fixture.redis.decr(prefix + "available");
        fixture.redis.incr(prefix + "live-holds");
        fixture.redis.set(prefix + "session:" + unknownSession, unknownOrder.toString());
        // ORDER_ENDED_GATE_LIVE: the database expired an order, and its OrderExpired never reached the gate
        sql("UPDATE booking.seats SET status = 'FREE', order_id = NULL WHERE order_id = ?", expiredOrder);
        sql(
                "UPDATE booking.orders SET status = 'EXPIRED', updated_at = now() - interval '1 minute' WHERE id = ?",
                expiredOrder);
        // DATABASE_HOLD_WITHOUT_GATE: the gate gave a held order back (a lost answer), the database still holds it
        String lostSeats = fixture.redis.hget(prefix + "order:" + lostOrder, "seats");
        fixture.redis.hset(prefix + "order:" + lostOrder, "state", "TIMED_OUT");
        fixture.redis.srem(prefix + "live", lostOrder.toString());
        fixture.redis.incr(prefix + "available");
        fixture.redis.decr(prefix + "live-holds");
        fixture.redis.del(prefix + "seat:" + lostSeats, prefix + "session:" + lostAtTheGate.sessionId());
        sql("UPDATE booking.orders SET updated_at = now() - interval '1 minute' WHERE id = ?", lostOrder);
        // STALE_SEAT_CLAIM and STALE_SESSION_KEY: keys left naming an order that is not live
        UUID gone = UUID.randomUUID();
        fixture.redis.set(prefix + "seat:GA-20", gone.toString());
        UUID blockedSession = UUID.randomUUID();
        fixture.redis.set(prefix + "session:" + blockedSession, gone.toString());

        Http.Response repaired = Audit.runWaitingOutOthers(fixture);
        assertThat(repaired.status()).as("run: %s", repaired).isEqualTo(201);
        JsonNode report = repaired.json();
        repairedReport = report.path("reportId").asString();
        assertThat(repaired.header("Location"))
                .isEqualTo("/audit/reconciliation/reports/"
                        + report.path("reportId").asString());
        System.out.printf("[reconcile] the report of the run over injected drift:%n%s%n", report.toPrettyString());
        JsonNode event = Audit.eventOf(report, eventId);
        Map<String, JsonNode> byKind = new TreeMap<>();
        event.path("drifts")
                .forEach(drift -> assertThat(byKind.put(drift.path("kind").asString(), drift))
                        .as("one drift of each kind: %s", event)
                        .isNull());
        assertThat(byKind.keySet())
                .containsExactlyInAnyOrder(
                        "COUNTER_DRIFT",
                        "GATE_HOLD_UNKNOWN",
                        "ORDER_ENDED_GATE_LIVE",
                        "DATABASE_HOLD_WITHOUT_GATE",
                        "STALE_SEAT_CLAIM",
                        "STALE_SESSION_KEY");
        assertThat(byKind.get("GATE_HOLD_UNKNOWN").path("orderId").asString()).isEqualTo(unknownOrder.toString());
        assertThat(byKind.get("GATE_HOLD_UNKNOWN").path("action").asString()).isEqualTo("RELEASED_AT_GATE");
        assertThat(byKind.get("ORDER_ENDED_GATE_LIVE").path("orderId").asString())
                .isEqualTo(expiredOrder.toString());
        assertThat(byKind.get("ORDER_ENDED_GATE_LIVE").path("action").asString())
                .isEqualTo("RELEASED_AT_GATE");
        assertThat(byKind.get("DATABASE_HOLD_WITHOUT_GATE").path("orderId").asString())
                .isEqualTo(lostOrder.toString());
        assertThat(byKind.get("DATABASE_HOLD_WITHOUT_GATE").path("action").asString())
                .isEqualTo("TAKEN_AT_GATE");
        assertThat(byKind.get("STALE_SEAT_CLAIM").path("seatId").asString()).isEqualTo("GA-20");
        assertThat(byKind.get("STALE_SEAT_CLAIM").path("action").asString()).isEqualTo("CLEARED");
        assertThat(byKind.get("STALE_SESSION_KEY").path("orderId").asString()).isEqualTo(gone.toString());
        assertThat(byKind.get("COUNTER_DRIFT").path("action").asString()).isEqualTo("ADJUSTED");
        assertThat(byKind.get("COUNTER_DRIFT").path("detail").asString()).contains("moved by +3, +0, +0");
        assertThat(report.path("drifts").asInt()).isEqualTo(6);
        assertThat(event.path("database").path("free").asInt()).isEqualTo(20 - 2 - 1);
        JsonNode dashboard = Audit.dashboard(fixture, eventId);
        System.out.println("[reconcile] the operator's dashboard after the repair: " + dashboard);
        assertThat(dashboard.path("lastReconciliation").path("reportId").asString())
                .isEqualTo(repairedReport);
        assertThat(dashboard.path("lastReconciliation").path("drifts").asInt()).isEqualTo(6);
        assertThat(dashboard.path("seats").path("available").asLong()).isEqualTo(17);
        assertThat(dashboard.path("seats").path("liveHolds").asLong()).isEqualTo(2);

        // the gate now says what the database says, and nothing is left blocked
        assertThat(fixture.redis.get(prefix + "available")).isEqualTo("17");
        assertThat(fixture.redis.get(prefix + "live-holds")).isEqualTo("2");
        assertThat(fixture.redis.smembers(prefix + "live"))
                .containsExactlyInAnyOrder(keptOrder.toString(), lostOrder.toString());
        assertThat(fixture.redis.exists(prefix + "seat:GA-20")).isFalse();
        assertThat(fixture.redis.exists(prefix + "session:" + blockedSession)).isFalse();
        assertThat(fixture.redis.get(prefix + "session:" + lostAtTheGate.sessionId()))
                .isEqualTo(lostOrder.toString());
        assertThat(fixture.hold(eventId, expiredUnannounced, "{\"quantity\":1}").status())
                .as("the buyer whose order expired unannounced can buy again")
                .isEqualTo(201);

        JsonNode next = Audit.run(fixture);
        assertThat(Audit.eventOf(next, eventId).path("drifts").size())
                .as("the run after the repair: %s", next)
                .isZero();
        assertThat(next.path("previousHash").asString())
                .isEqualTo(report.path("hash").asString());

        Http.Response csv = fixture.gateway.get(
                "/audit/reconciliation/reports/" + report.path("reportId").asString(),
                fixture.stack.auditorToken(),
                Map.of("Accept", "text/csv"));
        assertThat(csv.status()).as("CSV: %s", csv).isEqualTo(200);
        assertThat(csv.header("Content-Type")).startsWith("text/csv");
        System.out.printf("[reconcile] the same report as CSV:%n%s%n", csv.body());
        List<String> lines = csv.body().lines().toList();
        assertThat(lines.getFirst()).startsWith("report_id,started_at,finished_at,trigger,event_id,kind,");
        assertThat(lines).hasSize(1 + 6);
        assertThat(lines.subList(1, lines.size()))
                .allMatch(line -> line.startsWith(report.path("reportId").asString()));
    }

    @Test
    @Order(2)
    void auditorsReadTheChainAndAnSqlEditOfAReportIsFoundAndNamed() throws Exception {
        Audit.run(fixture);
        Http.Response listed =
                fixture.gateway.get("/audit/reconciliation/reports?limit=2", fixture.stack.auditorToken());
        assertThat(listed.status()).as("list: %s", listed).isEqualTo(200);
        JsonNode page = listed.json();
        assertThat(page.path("reports").size()).isEqualTo(2);
        assertThat(page.path("next").asString())
                .isEqualTo(page.path("reports").get(1).path("reportId").asString());
        JsonNode older = fixture.gateway
                .get(
                        "/audit/reconciliation/reports?limit=50&before="
                                + page.path("next").asString(),
                        fixture.stack.auditorToken())
                .json();
        assertThat(older.path("reports").size()).isGreaterThanOrEqualTo(2);
        assertThat(older.path("next").isNull()).isTrue();

        JsonNode verified = fixture.gateway
                .get("/audit/reconciliation/verify", fixture.stack.auditorToken())
                .json();
        assertThat(verified.path("valid").asBoolean())
                .as("verify: %s", verified)
                .isTrue();
        int reports = verified.path("reports").asInt();
        assertThat(reports).isGreaterThanOrEqualTo(4);

        assertThat(fixture.gateway
                        .get("/audit/reconciliation/verify", fixture.newBuyer().sessionToken())
                        .status())
                .as("a buyer is no auditor")
                .isEqualTo(403);
        assertThat(fixture.gateway
                        .post(Audit.RUN, null, fixture.stack.auditorToken())
                        .status())
                .as("an auditor does not run reconciliation")
                .isEqualTo(403);
        assertThat(fixture.gateway
                        .get("/audit/reconciliation/reports/" + UUID.randomUUID(), fixture.stack.auditorToken())
                        .status())
                .isEqualTo(404);
        assertThat(fixture.gateway
                        .get("/audit/reconciliation/reports?limit=0", fixture.stack.auditorToken())
                        .status())
                .isEqualTo(400);

        // the newest report removed: the chain left verifies, but not against the head an auditor kept
        Audit.run(fixture);
        String head = fixture.gateway
                .get("/audit/reconciliation/reports?limit=1", fixture.stack.auditorToken())
                .json()
                .path("reports")
                .get(0)
                .path("hash")
                .asString();
        try (Connection db = fixture.database();
                Statement statement = db.createStatement()) {
            statement.execute(
                    "ALTER TABLE booking.reconciliation_reports DISABLE TRIGGER reconciliation_reports_append_only");
            statement.execute("DELETE FROM booking.reconciliation_reports"
                    + " WHERE seq = (SELECT max(seq) FROM booking.reconciliation_reports)");
            statement.execute(
                    "ALTER TABLE booking.reconciliation_reports ENABLE TRIGGER reconciliation_reports_append_only");
        }
        assertThat(fixture.gateway
                        .get("/audit/reconciliation/verify", fixture.stack.auditorToken())
                        .json()
                        .path("valid")
                        .asBoolean())
                .as("without a kept head, a removed newest report leaves no gap")
                .isTrue();
        JsonNode headless = fixture.gateway
                .get("/audit/reconciliation/verify?head=" + head, fixture.stack.auditorToken())
                .json();
        System.out.printf(
                "[reconcile] verification against a kept head after the newest report was removed: %s%n", headless);
        assertThat(headless.path("valid").asBoolean()).isFalse();
        assertThat(fixture.gateway
                        .get("/audit/reconciliation/verify?head=xyz", fixture.stack.auditorToken())
                        .status())
                .isEqualTo(400);

        UUID altered = UUID.fromString(repairedReport);
        assertThatThrownBy(
                        () -> sql("UPDATE booking.reconciliation_reports SET drifts = 0 WHERE report_id = ?", altered))
                .as("the table refuses an update")
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("append-only");
        assertThatThrownBy(() -> sql("DELETE FROM booking.reconciliation_reports WHERE report_id = ?", altered))
                .as("the table refuses a delete")
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("append-only");
        try (Connection db = fixture.database();
                Statement statement = db.createStatement()) {
            statement.execute(
                    "ALTER TABLE booking.reconciliation_reports DISABLE TRIGGER reconciliation_reports_append_only");
            statement.execute(
                    "UPDATE booking.reconciliation_reports SET content = replace(content, '\"drifts\":6', '\"drifts\":0')"
                            + " WHERE report_id = '" + altered + "'");
            statement.execute(
                    "ALTER TABLE booking.reconciliation_reports ENABLE TRIGGER reconciliation_reports_append_only");
        }
        JsonNode broken = fixture.gateway
                .get("/audit/reconciliation/verify", fixture.stack.auditorToken())
                .json();
        System.out.printf("[reconcile] verification after an SQL edit of report 2: %s%n", broken);
        assertThat(broken.path("valid").asBoolean()).isFalse();
        assertThat(broken.path("reports").asInt()).isEqualTo(reports);
        assertThat(broken.path("firstBadReportId").asString()).isEqualTo(repairedReport);
    }

    @Test
    @Order(3)
    void aRunWhileAnotherHoldsTheLockIs409() throws Exception {
        try (Connection db = fixture.database();
                PreparedStatement lock = db.prepareStatement("SELECT pg_advisory_lock(?, ?)")) {
            lock.setInt(1, 0x4f4e5341);
            lock.setInt(2, "booking.reconciliation".hashCode());
            lock.execute();
            Http.Response refused = fixture.gateway.post(Audit.RUN, null, fixture.stack.adminToken());
            assertThat(refused.status()).as("%s", refused).isEqualTo(409);
            assertThat(refused.json().path("type").asString()).isEqualTo("/problems/reconciliation-running");
        }
        assertThat(Audit.runWaitingOutOthers(fixture).status()).isEqualTo(201);
    }

    @Test
    @Order(4)
    void anOversellInTheDatabaseHaltsTheSale() throws Exception {
        UUID eventId = fixture.generalAdmissionEvent("Oversell " + UUID.randomUUID(), 5, 3000, 600);
        Buyer buyer = fixture.newBuyer();
        UUID order = holdOrder(eventId, buyer, 1);
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
        UUID paid = holdOrder(eventId, payer, 2);
        UUID heldOne = holdOrder(eventId, fixture.newBuyer(), 2);
        UUID heldTwo = holdOrder(eventId, fixture.newBuyer(), 2);
        Http.Response payment = fixture.gateway.post(
                "/api/orders/" + paid + "/payments",
                Map.of("paymentMethod", "tok_visa"),
                payer.sessionToken(),
                Map.of("Idempotency-Key", UUID.randomUUID().toString()));
        assertThat(payment.status()).as("payment: %s", payment).isEqualTo(202);
        String prefix = "inventory:{" + eventId + "}:";
        await().atMost(Duration.ofSeconds(60)).until(() -> "2".equals(fixture.redis.get(prefix + "sold")));

        fixture.redis.flushAll();
        long flushed = System.nanoTime();
        var before = new ArrayList<Integer>();
        Http.Response accepted = await().atMost(Duration.ofSeconds(90))
                .pollInterval(Duration.ofMillis(200))
                .until(
                        () -> {
                            Http.Response attempt = fixture.hold(eventId, fixture.newBuyer(), "{\"quantity\":1}");
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
                .get("/audit/reconciliation/reports?limit=5", fixture.stack.auditorToken())
                .json();
        List<String> actions = new ArrayList<>();
        for (JsonNode summary : latest.path("reports")) {
            JsonNode report = fixture.gateway
                    .get(
                            "/audit/reconciliation/reports/"
                                    + summary.path("reportId").asString(),
                            fixture.stack.auditorToken())
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
                                .post("/api/queue/" + eventId + "/join", null, newcomer.sessionToken())
                                .status())
                        .isEqualTo(200));
    }

    private static UUID holdOrder(UUID eventId, Buyer buyer, int quantity) {
        Http.Response held = fixture.hold(eventId, buyer, "{\"quantity\":" + quantity + "}");
        assertThat(held.status()).as("hold: %s", held).isEqualTo(201);
        return UUID.fromString(held.json().path("orderId").asString());
    }

    private static String gateState(UUID eventId, UUID orderId) {
        String state = fixture.redis.hget("inventory:{" + eventId + "}:order:" + orderId, "state");
        return state == null ? "" : state;
    }

    private static void sql(String statement, Object parameter) throws SQLException {
        try (Connection db = fixture.database();
                PreparedStatement update = db.prepareStatement(statement)) {
            update.setObject(1, parameter);
            update.executeUpdate();
        }
    }
}
