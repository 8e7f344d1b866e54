package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.token.AdmissionToken;
import dev.onsale.common.token.AdmissionTokenCodec;
import dev.onsale.common.token.HmacSigner;
import dev.onsale.common.token.SessionToken;
import dev.onsale.common.token.SessionTokenCodec;
import dev.onsale.launcher.EngineShape;
import dev.onsale.launcher.Stack;
import dev.onsale.launcher.StackConfig;
import dev.onsale.testing.TestHttp;
import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * A started stack with what buyer-side system tests share: tokens minted with the stack's keys (the waiting room
 * is tested elsewhere), events created through the gateway, and direct reads of the engines for invariants.
 */
final class SaleFixture implements AutoCloseable {

    /** The header carrying a buyer's admission token, as the waiting room hands it out. */
    static final String ADMISSION = "X-Admission-Token";

    record Buyer(UUID sessionId, String sessionToken) {}

    final StackConfig config;
    final Stack stack;
    final TestHttp gateway;
    final UnifiedJedis redis;
    private final SessionTokenCodec sessions;
    private final AdmissionTokenCodec admissions;

    private SaleFixture(StackConfig config, Stack stack) {
        this.config = config;
        this.stack = stack;
        this.gateway = TestHttp.at(stack.gatewayUrl());
        this.redis = redisOf(stack.engineEnvironment());
        this.sessions = new SessionTokenCodec(new HmacSigner(config.sessionKey()));
        this.admissions = new AdmissionTokenCodec(new HmacSigner(config.admissionKey()));
    }

    /**
     * A stack named {@code name} whose services also get {@code environment}. Every buyer of a system test comes
     * from one address, so the per-address backstop is lifted.
     */
    static SaleFixture start(String name, Map<String, String> environment) {
        return start(name, environment, EngineShape.SINGLE);
    }

    /** As {@link #start(String, Map)}, with the engines in {@code shape} (several brokers, a Redis Cluster). */
    static SaleFixture start(String name, Map<String, String> environment, EngineShape shape) {
        return start(name, environment, shape, 1);
    }

    /** As {@link #start(String, Map, EngineShape)}, with {@code replicas} of each service behind the gateway. */
    static SaleFixture start(String name, Map<String, String> environment, EngineShape shape, int replicas) {
        StackConfig defaults = TestStacks.config(name).withEngineShape(shape).withReplicas(replicas);
        var all = new HashMap<>(defaults.serviceEnvironment());
        all.putAll(environment);
        all.put("ONSALE_RATELIMIT_ADDRESSBURST", "1000000");
        all.put("ONSALE_RATELIMIT_ADDRESSPERSECOND", "1000000");
        StackConfig config = defaults.withServiceEnvironment(Map.copyOf(all));
        return new SaleFixture(config, TestStacks.start(name, config));
    }

    /** A client of the stack's Redis as the services make theirs: of the cluster when there is one. */
    private static UnifiedJedis redisOf(Map<String, String> engines) {
        String cluster = engines.getOrDefault("ONSALE_REDIS_CLUSTER_NODES", "");
        if (cluster.isBlank()) {
            return new JedisPooled(URI.create(engines.get("ONSALE_REDIS_URL")));
        }
        return new JedisCluster(java.util.Arrays.stream(cluster.split(","))
                .map(HostAndPort::from)
                .collect(Collectors.toSet()));
    }

    Buyer newBuyer() {
        UUID sessionId = UUID.randomUUID();
        return new Buyer(
                sessionId,
                sessions.encode(new SessionToken(sessionId, Instant.now().plus(Duration.ofHours(1)))));
    }

    /** A fresh admission token of {@code buyer} for {@code eventId}, valid ten minutes. */
    String admissionToken(UUID eventId, Buyer buyer) {
        return admissions.encode(new AdmissionToken(
                UUID.randomUUID(), buyer.sessionId(), eventId, Instant.now().plus(Duration.ofMinutes(10))));
    }

    /** {@code POST /api/events/{id}/holds} through the gateway with a fresh admission token. */
    TestHttp.Reply hold(UUID eventId, Buyer buyer, String body) {
        return gateway.post("/api/events/" + eventId + "/holds", body)
                .bearer(buyer.sessionToken())
                .header(ADMISSION, admissionToken(eventId, buyer))
                .send();
    }

    /** The order of {@code quantity} seats {@code buyer} holds, answered 201. */
    UUID heldOrder(UUID eventId, Buyer buyer, int quantity) {
        TestHttp.Reply held = hold(eventId, buyer, "{\"quantity\":" + quantity + "}");
        assertThat(held.status()).as("hold: %s", held).isEqualTo(201);
        return UUID.fromString(held.json().path("orderId").asString());
    }

    UUID generalAdmissionEvent(String name, int quantity, int priceCents, int holdTtlSeconds) {
        String body = """
                {"name": "%s", "venue": "Field", "startsAt": "%s", "saleOpensAt": "%s", "currency": "EUR",
                 "holdTtlSeconds": %d, "maxPerOrder": 4, "generalAdmission": {"quantity": %d, "priceCents": %d}}""".formatted(
                        name,
                        Instant.now().plus(Duration.ofDays(30)),
                        Instant.now().minusSeconds(60),
                        holdTtlSeconds,
                        quantity,
                        priceCents);
        return created(body, quantity);
    }

    /** An open seated event of one section A of {@code rows x seatsPerRow} seats at {@code priceCents}. */
    UUID seatedEvent(String name, int rows, int seatsPerRow, int priceCents) {
        String body = """
                {"name": "%s", "venue": "Hall A", "startsAt": "%s", "saleOpensAt": "%s", "currency": "EUR",
                 "holdTtlSeconds": 600, "maxPerOrder": 4,
                 "seatMap": {"sections": [{"name": "A", "rows": %d, "seatsPerRow": %d, "priceCents": %d}]}}""".formatted(
                        name,
                        Instant.now().plus(Duration.ofDays(30)),
                        Instant.now().minusSeconds(60),
                        rows,
                        seatsPerRow,
                        priceCents);
        return created(body, rows * seatsPerRow);
    }

    /** Creates the event and waits until the gate has its counter and the sale is open for holds. */
    UUID created(String body, int capacity) {
        var created =
                gateway.post("/admin/events", body).bearer(stack.adminToken()).send();
        assertThat(created.status()).as("POST /admin/events: %s", created).isEqualTo(201);
        UUID eventId = UUID.fromString(created.json().path("eventId").asString());
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> {
                    assertThat(redis.get(counter(eventId))).isEqualTo(String.valueOf(capacity));
                    assertThat(gateway.get("/api/events/" + eventId)
                                    .send()
                                    .json()
                                    .path("saleState")
                                    .asString())
                            .isEqualTo("OPEN");
                });
        return eventId;
    }

    /** The gate's count of seats left for sale. */
    static String counter(UUID eventId) {
        return "inventory:{" + eventId + "}:available";
    }

    /** The seats PostgreSQL has in {@code status}, per order. */
    Map<UUID, Set<String>> seatsInTheDatabase(UUID eventId, String status) throws SQLException {
        var seats = new HashMap<UUID, Set<String>>();
        try (Connection db = database();
                PreparedStatement query = db.prepareStatement(
                        "SELECT order_id, seat_id FROM booking.seats WHERE event_id = ? AND status = ?")) {
            query.setObject(1, eventId);
            query.setString(2, status);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    seats.computeIfAbsent(rows.getObject(1, UUID.class), id -> new HashSet<>())
                            .add(rows.getString(2));
                }
            }
        }
        return seats;
    }

    List<String> orderStatuses(UUID eventId) throws SQLException {
        return strings("SELECT status FROM booking.orders WHERE event_id = ?", eventId);
    }

    /** The sessions that hold a live order (HELD or PAYMENT_PENDING) of the event. */
    Set<UUID> liveOrderSessions(UUID eventId) throws SQLException {
        var sessions = new HashSet<UUID>();
        strings(
                        "SELECT session_id FROM booking.orders WHERE event_id = ? AND status IN ('HELD', 'PAYMENT_PENDING')",
                        eventId)
                .forEach(id -> sessions.add(UUID.fromString(id)));
        return sessions;
    }

    /** The first column of every row {@code sql} returns for its one parameter. */
    List<String> strings(String sql, Object parameter) throws SQLException {
        var values = new ArrayList<String>();
        try (Connection db = database();
                PreparedStatement query = db.prepareStatement(sql)) {
            query.setObject(1, parameter);
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    values.add(rows.getString(1));
                }
            }
        }
        return values;
    }

    /** Every row {@code sql} returns for its one parameter, each as its columns joined by a space. */
    List<String> rows(String sql, Object parameter) throws SQLException {
        var values = new ArrayList<String>();
        try (Connection db = database();
                PreparedStatement query = db.prepareStatement(sql)) {
            query.setObject(1, parameter);
            try (ResultSet rows = query.executeQuery()) {
                int columns = rows.getMetaData().getColumnCount();
                while (rows.next()) {
                    var row = new StringBuilder();
                    for (int column = 1; column <= columns; column++) {
                        row.append(column == 1 ? "" : " ")
                                .append(rows.getMetaData().getColumnLabel(column))
                                .append('=')
                                .append(rows.getString(column));
                    }
                    values.add(row.toString());
                }
            }
        }
        return values;
    }

    Connection database() throws SQLException {
        Map<String, String> engines = stack.engineEnvironment();
        return DriverManager.getConnection(
                engines.get("ONSALE_DB_URL"), engines.get("ONSALE_DB_USER"), engines.get("ONSALE_DB_PASSWORD"));
    }

    @Override
    public void close() {
        redis.close();
        stack.close();
    }
}
