package dev.onsale.benchmarks;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import redis.clients.jedis.JedisPooled;

/**
 * The waiting room under 5,000 concurrent buyers, through the gateway: session creation, join and
 * status polls (each buyer polling back to back, all buyers at once); the same polls at queue-service
 * directly, with the identity header and signature the gateway would have set; then the raw {@code ZRANK} of
 * the same Redis on the same line, through the same Redis client as queue-service, as the ceiling a status poll
 * (one or two Redis round trips behind two HTTP hops) is compared with.
 */
final class WaitingRoomBenchmark {

    private static final Duration TIMEOUT = GatewayClient.TIMEOUT;

    private final String gateway;
    /** queue-service itself, polled with the identity header the gateway would forward; empty to skip. */
    private final String queue;

    private final String redisUrl;
    private final String adminToken;
    private final int buyers;
    private final int polls;
    private final int redisConnections;
    private final int queueConnections;
    /** Where to write the event id and the session tokens, one a line, for an outside load tool (wrk). */
    private final String tokensOut;

    private final GatewayClient client;
    /** The stack's ONSALE_IDENTITY_KEY: queue-service believes the identity header only under its signature. */
    private final String identityKey;

    WaitingRoomBenchmark(Options options) {
        this.gateway = options.text("gateway", "http://localhost:8080");
        this.queue = options.text("queue", "http://localhost:8081");
        this.redisUrl = options.text("redis", "redis://localhost:16379");
        this.adminToken =
                options.text("admin-token", System.getenv().getOrDefault("ONSALE_ADMIN_TOKEN", "local-admin-token"));
        this.buyers = options.number("buyers", 5000);
        this.polls = options.number("polls", 3);
        this.redisConnections = options.number("redis-connections", 256);
        this.queueConnections = options.number("queue-connections", 200);
        this.tokensOut = options.text("tokens-out", null);
        this.client = new GatewayClient(gateway, adminToken);
        this.identityKey = options.text("identity-key", System.getenv("ONSALE_IDENTITY_KEY"));
    }

    /** The phases through the gateway, the direct polls (null when skipped) and the raw {@code ZRANK}s of one run. */
    record Figures(Latencies sessions, Latencies joins, Latencies statuses, Latencies direct, Latencies raw) {}

    void run() throws Exception {
        print(measure());
    }

    /** Runs every phase and returns its figures, unprinted. */
    Figures measure() throws Exception {
        UUID eventId = client.createOpenEvent(
                "Waiting room benchmark", 600, "\"generalAdmission\": {\"quantity\": 800, \"priceCents\": 3000}");
        System.out.printf(
                "event %s: %d buyers, %d status polls each, %d cores%n",
                eventId, buyers, polls, Runtime.getRuntime().availableProcessors());
        client.awaitQueueKnows(eventId, client.newSession());

        Crowd crowd = new Crowd(client, buyers);
        Latencies sessions = crowd.createSessions();
        String[] tokens = crowd.sessions();
        Latencies joins = Phase.run(
                "POST /api/queue/{e}/join",
                buyers,
                i -> Integer.toString(client.send(client.post("/api/queue/" + eventId + "/join", tokens[i], null, "{}"))
                        .statusCode()));
        Latencies statuses = Phase.run(
                "GET /api/queue/{e}/status",
                buyers,
                polls,
                i -> Integer.toString(client.send(client.get("/api/queue/" + eventId + "/status", tokens[i]))
                        .statusCode()));
        if (!queue.isBlank() && (identityKey == null || identityKey.isBlank())) {
            System.out.println("skipping the direct polls at queue-service: they need the stack's identity key "
                    + "(start it with ONSALE_IDENTITY_KEY=... ./onsale up and pass the same variable here)");
        }
        Latencies direct =
                queue.isBlank() || identityKey == null || identityKey.isBlank() ? null : directStatus(eventId, tokens);
        Latencies raw = rawZrank(eventId, tokens);
        if (tokensOut != null) {
            java.nio.file.Files.writeString(
                    java.nio.file.Path.of(tokensOut), eventId + "\n" + String.join("\n", tokens) + "\n");
        }
        return new Figures(sessions, joins, statuses, direct, raw);
    }

    static void print(Figures figures) {
        Latencies statuses = figures.statuses();
        Latencies direct = figures.direct();
        Latencies raw = figures.raw();
        System.out.println(figures.sessions().report());
        System.out.println(figures.joins().report());
        System.out.println(statuses.report());
        if (direct != null) {
            System.out.println(direct.report());
        }
        System.out.println(raw.report());
        System.out.printf(
                "status polls through the gateway / raw ZRANK: %.3f (%.0f vs %.0f per second)%n",
                statuses.perSecond() / raw.perSecond(), statuses.perSecond(), raw.perSecond());
        if (direct != null) {
            System.out.printf(
                    "status polls at queue-service directly / raw ZRANK: %.3f; through the gateway / directly: %.3f%n",
                    direct.perSecond() / raw.perSecond(), statuses.perSecond() / direct.perSecond());
        }
        System.out.printf(
                "joins through the gateway / raw ZRANK: %.3f%n", figures.joins().perSecond() / raw.perSecond());
    }

    /**
     * The same number of status polls at queue-service itself, with the identity header the gateway
     * would forward, from {@code queueConnections} callers at a time (each polling the buyers in turn):
     * the service has no gateway in front of it to hold 5,000 connections for it, and at 5,000
     * connections straight at its Tomcat it ran out of heap.
     */
    private Latencies directStatus(UUID eventId, String[] tokens) throws InterruptedException {
        int perCaller = (buyers * polls + queueConnections - 1) / queueConnections;
        var signer = new dev.onsale.common.token.HmacSigner(identityKey);
        String path = "/api/queue/" + eventId + "/status";
        return Phase.run("GET status at queue-service directly", queueConnections, perCaller, i -> {
            String session = sessionId(tokens[ThreadLocalRandom.current().nextInt(tokens.length)]);
            String signature = dev.onsale.common.token.GatewaySignature.sign(
                    signer,
                    new dev.onsale.common.token.GatewaySignature.Claims("GET", path, session, null, null, null),
                    java.time.Instant.now());
            return Integer.toString(client.send(HttpRequest.newBuilder(URI.create(queue + path))
                            .timeout(TIMEOUT)
                            .header("X-Onsale-Buyer", session)
                            .header("X-Onsale-Signature", signature)
                            .GET()
                            .build())
                    .statusCode());
        });
    }

    /**
     * The raw engine: Jedis, the client queue-service uses, with as many concurrent callers as it has
     * pooled connections (more callers would only queue for a connection), doing as many ZRANKs as
     * the status phase made polls.
     */
    private Latencies rawZrank(UUID eventId, String[] tokens) throws InterruptedException {
        try (JedisPooled jedis = RawRedis.open(redisUrl, redisConnections)) {
            String line = "queue:{" + eventId + "}:line";
            String[] members = new String[tokens.length];
            for (int i = 0; i < tokens.length; i++) {
                members[i] = sessionId(tokens[i]);
            }
            jedis.ping();
            int perConnection = (buyers * polls + redisConnections - 1) / redisConnections;
            return Phase.run("raw Redis ZRANK (same line)", redisConnections, perConnection, i -> {
                Long rank =
                        jedis.zrank(line, members[ThreadLocalRandom.current().nextInt(members.length)]);
                return rank == null ? "absent" : "ranked";
            });
        }
    }

    /** The session id a session token carries (its second dot-separated part). */
    private static String sessionId(String sessionToken) {
        return sessionToken.split("\\.")[1];
    }
}
