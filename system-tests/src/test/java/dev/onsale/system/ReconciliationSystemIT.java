package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.onsale.system.SaleFixture.Buyer;
import dev.onsale.testing.TestHttp;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 * the next run finds nothing; the reports form a chain that an SQL edit breaks, visibly; one run at a time. What
 * it does when the stores disagree beyond a repair is {@link ReconciliationRecoverySystemIT}'s.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReconciliationSystemIT {

    private static SaleFixture fixture;
    /** The report of the run that repaired the injected drift (test 1), which test 2 alters. */
    private static String repairedReport;

    @BeforeAll
    static void startTheStack() {
        fixture = Audit.reconcilingStack("reconcile");
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
        UUID keptOrder = fixture.heldOrder(eventId, kept, 2);
        UUID expiredOrder = fixture.heldOrder(eventId, expiredUnannounced, 1);
        UUID lostOrder = fixture.heldOrder(eventId, lostAtTheGate, 1);
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

        TestHttp.Reply repaired = Audit.runWaitingOutOthers(fixture);
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

        TestHttp.Reply csv = fixture.gateway
                .get("/audit/reconciliation/reports/" + report.path("reportId").asString())
                .bearer(fixture.stack.auditorToken())
                .header("Accept", "text/csv")
                .send();
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
        TestHttp.Reply listed = fixture.gateway
                .get("/audit/reconciliation/reports?limit=2")
                .bearer(fixture.stack.auditorToken())
                .send();
        assertThat(listed.status()).as("list: %s", listed).isEqualTo(200);
        JsonNode page = listed.json();
        assertThat(page.path("reports").size()).isEqualTo(2);
        assertThat(page.path("next").asString())
                .isEqualTo(page.path("reports").get(1).path("reportId").asString());
        JsonNode older = fixture.gateway
                .get("/audit/reconciliation/reports?limit=50&before="
                        + page.path("next").asString())
                .bearer(fixture.stack.auditorToken())
                .send()
                .json();
        assertThat(older.path("reports").size()).isGreaterThanOrEqualTo(2);
        assertThat(older.path("next").isNull()).isTrue();

        JsonNode verified = fixture.gateway
                .get("/audit/reconciliation/verify")
                .bearer(fixture.stack.auditorToken())
                .send()
                .json();
        assertThat(verified.path("valid").asBoolean())
                .as("verify: %s", verified)
                .isTrue();
        int reports = verified.path("reports").asInt();
        assertThat(reports).isGreaterThanOrEqualTo(4);

        assertThat(fixture.gateway
                        .get("/audit/reconciliation/verify")
                        .bearer(fixture.newBuyer().sessionToken())
                        .send()
                        .status())
                .as("a buyer is no auditor")
                .isEqualTo(403);
        assertThat(fixture.gateway
                        .post(Audit.RUN, null)
                        .bearer(fixture.stack.auditorToken())
                        .send()
                        .status())
                .as("an auditor does not run reconciliation")
                .isEqualTo(403);
        assertThat(fixture.gateway
                        .get("/audit/reconciliation/reports/" + UUID.randomUUID())
                        .bearer(fixture.stack.auditorToken())
                        .send()
                        .status())
                .isEqualTo(404);
        assertThat(fixture.gateway
                        .get("/audit/reconciliation/reports?limit=0")
                        .bearer(fixture.stack.auditorToken())
                        .send()
                        .status())
                .isEqualTo(400);

        // the newest report removed: the chain left verifies, but not against the head an auditor kept
        Audit.run(fixture);
        String head = fixture.gateway
                .get("/audit/reconciliation/reports?limit=1")
                .bearer(fixture.stack.auditorToken())
                .send()
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
                        .get("/audit/reconciliation/verify")
                        .bearer(fixture.stack.auditorToken())
                        .send()
                        .json()
                        .path("valid")
                        .asBoolean())
                .as("without a kept head, a removed newest report leaves no gap")
                .isTrue();
        JsonNode headless = fixture.gateway
                .get("/audit/reconciliation/verify?head=" + head)
                .bearer(fixture.stack.auditorToken())
                .send()
                .json();
        System.out.printf(
                "[reconcile] verification against a kept head after the newest report was removed: %s%n", headless);
        assertThat(headless.path("valid").asBoolean()).isFalse();
        assertThat(fixture.gateway
                        .get("/audit/reconciliation/verify?head=xyz")
                        .bearer(fixture.stack.auditorToken())
                        .send()
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
                .get("/audit/reconciliation/verify")
                .bearer(fixture.stack.auditorToken())
                .send()
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
            TestHttp.Reply refused = fixture.gateway
                    .post(Audit.RUN, null)
                    .bearer(fixture.stack.adminToken())
                    .send();
            assertThat(refused.status()).as("%s", refused).isEqualTo(409);
            assertThat(refused.json().path("type").asString()).isEqualTo("/problems/reconciliation-running");
        }
        assertThat(Audit.runWaitingOutOthers(fixture).status()).isEqualTo(201);
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
