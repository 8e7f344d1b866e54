package dev.onsale.benchmarks;

import dev.onsale.inventory.InventoryKeys;
import dev.onsale.inventory.hold.HoldRequest;
import dev.onsale.inventory.hold.PlaceScript;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import redis.clients.jedis.JedisPooled;
import tools.jackson.databind.JsonNode;

/**
 * Holds under {@code --buyers} concurrent attempts on an 800-seat map, through the gateway, as buyers make
 * them: sessions, the waiting room (caps lifted so that everyone is admitted), then every buyer's hold at
 * once, sent by wrk ({@link WrkHolds}) — half choosing one of the first 200 seats, half asking for one or two
 * seats. Beside it, in the same run and with the same mix, the raw {@code EVALSHA} of inventory-service's own gate
 * script on a scratch event's keys, through Jedis (the client inventory-service uses), as the ceiling: the script
 * and the layout of its call are the service's ({@link PlaceScript}, from its {@code place-script} jar), measured
 * once the stack has settled. Last, the time from a hold's {@code expiresAt} to its seats showing FREE in the
 * catalog.
 *
 * <p>A smaller round of both first ({@code --warm-up-holds}), on an event of its own, printed and kept out of the
 * ratio: the ratio compares steady states, not a stack's first requests after {@code ./onsale up}, when its connection
 * pools are still growing and its code is not yet compiled.
 */
final class HoldsBenchmark {

    private static final int ROWS = 20;
    private static final int SEATS_PER_ROW = 20;
    private static final int CONTESTED = 200;
    /** Rounds of the raw gate script, one scratch event each. */
    private static final int RAW_ROUNDS = 5;
    /** As inventory-service sends it by default ({@code onsale.holds.idempotency-ttl}): the session key's TTL. */
    private static final Duration IDEMPOTENCY_TTL = Duration.ofHours(24);
    /**
     * The pause between the holds and the raw rounds: the ceiling is measured on a quiet stack, not while booking,
     * Debezium and the relays are still carrying the holds' allocations (measured right after them, the raw rate
     * ranged from 11,000 to 22,000 a second over runs).
     */
    private static final Duration SETTLE = Duration.ofSeconds(5);
    /** The default {@code onsale.holds.reply-wait}: the answerBy of the scratch orders (no booking reads them). */
    private static final Duration REPLY_WAIT = Duration.ofSeconds(5);

    private final String redisUrl;
    private final int buyers;
    private final int redisConnections;
    private final int warmUpHolds;
    private final boolean jvmClient;
    private final Path stateDir;
    private final String gateway;
    private final GatewayClient client;

    HoldsBenchmark(Options options) {
        this.redisUrl = options.text("redis", "redis://localhost:16379");
        this.buyers = options.number("buyers", 5000);
        this.redisConnections = options.number("redis-connections", 256);
        this.warmUpHolds = options.number("warm-up-holds", Math.min(500, buyers));
        String sender = options.text("client", "wrk");
        if (!sender.equals("wrk") && !sender.equals("jvm")) {
            throw new IllegalArgumentException("--client must be wrk or jvm, not " + sender);
        }
        this.jvmClient = sender.equals("jvm");
        this.stateDir = Path.of(options.text("state-dir", ".onsale"));
        this.gateway = options.text("gateway", "http://localhost:8080");
        this.client = new GatewayClient(
                gateway,
                options.text("admin-token", System.getenv().getOrDefault("ONSALE_ADMIN_TOKEN", "local-admin-token")));
    }

    /**
     * One run's event, its phases through the gateway and the raw {@code EVALSHA}s of the gate script; {@code cpu}: the
     * holds' CPU per process ({@link PhaseCpu}), or null when the stack's processes could not be read here.
     */
    record Figures(UUID eventId, Latencies created, Latencies admitted, Latencies holds, Latencies raw, String cpu) {}

    void run() throws Exception {
        print(measure());
        expiryLag();
    }

    /** The warm-up round, then the holds through the gateway and the raw gate script; returns their figures. */
    Figures measure() throws Exception {
        if (warmUpHolds > 0) {
            Figures warm = round("Holds benchmark warm-up", warmUpHolds);
            System.out.printf(
                    "warm-up (not in the ratio): %d holds through the gateway, %.0f per second; raw %.0f per second%n",
                    warmUpHolds, warm.holds().perSecond(), warm.raw().perSecond());
        }
        return round("Holds benchmark", buyers);
    }

    /** One round of {@code count} holds through the gateway, then as many raw calls of the gate script. */
    private Figures round(String name, int count) throws Exception {
        UUID eventId = client.createOpenEvent(name, 600, """
                "seatMap": {"sections": [
                  {"name": "A", "rows": %d, "seatsPerRow": %d, "priceCents": 5000},
                  {"name": "B", "rows": %d, "seatsPerRow": %d, "priceCents": 3000}]}""".formatted(ROWS, SEATS_PER_ROW, ROWS, SEATS_PER_ROW));
        System.out.printf(
                "event %s: 800 seats, %d buyers, %d cores%n",
                eventId, count, Runtime.getRuntime().availableProcessors());

        Crowd crowd = new Crowd(client, count);
        Latencies created = crowd.createSessions();
        Latencies admitted = crowd.admit(eventId);
        int[] ready = crowd.admitted();

        Ask[] asks = asks(ready.length);
        Optional<PhaseCpu> cpu = PhaseCpu.start(stateDir);
        Latencies holds = holds(eventId, crowd, ready, asks);
        String cpuPerHold = cpu.isPresent() ? cpu.get().since(ready.length, "hold") : null;
        Thread.sleep(SETTLE.toMillis());
        return new Figures(eventId, created, admitted, holds, rawGate(count), cpuPerHold);
    }

    /** Every ready buyer's hold at once, sent by wrk (the default) or by the JVM's HTTP client ({@code --client=jvm}). */
    private Latencies holds(UUID eventId, Crowd crowd, int[] ready, Ask[] asks) throws Exception {
        if (!jvmClient) {
            List<String[]> buyers = new ArrayList<>();
            for (int n = 0; n < ready.length; n++) {
                buyers.add(new String[] {crowd.session(ready[n]), crowd.admission(ready[n]), asks[n].body()});
            }
            return WrkHolds.send(gateway, eventId, buyers);
        }
        return Phase.run("POST /api/events/{e}/holds", ready.length, n -> {
            int i = ready[n];
            return client.outcome(client.send(client.post(
                    "/api/events/" + eventId + "/holds", crowd.session(i), crowd.admission(i), asks[n].body())));
        });
    }

    static void print(Figures figures) {
        Latencies holds = figures.holds();
        Latencies raw = figures.raw();
        System.out.println(figures.created().report());
        System.out.println(figures.admitted().report());
        System.out.println(holds.report());
        System.out.println(raw.report());
        if (figures.cpu() != null) {
            System.out.println(figures.cpu());
        }
        System.out.printf(
                "holds through the gateway / raw EVALSHA of the gate script: %.3f (%.0f vs %.0f per second)%n",
                holds.perSecond() / raw.perSecond(), holds.perSecond(), raw.perSecond());
        System.out.printf(
                "seats held through the gateway: %d orders; the raw rounds placed %d orders (%d a round)%n",
                holds.count("201"), raw.count("PLACED"), raw.count("PLACED") / RAW_ROUNDS);
    }

    /** One buyer's hold: a chosen seat, or {@code quantity} seats of any (then {@code seat} is null). */
    record Ask(String seat, int quantity) {

        /** The hold's body, as a buyer posts it. */
        String body() {
            return seat != null ? "{\"seatIds\":[\"" + seat + "\"]}" : "{\"quantity\":" + quantity + "}";
        }

        /** The hold as inventory-service hands it to the gate script. */
        HoldRequest request(UUID eventId, UUID sessionId) {
            return seat != null
                    ? HoldRequest.ofSeats(eventId, sessionId, List.of(seat), null)
                    : HoldRequest.ofQuantity(eventId, sessionId, quantity, null);
        }
    }

    /** Half the buyers choose one of the first 200 seats, half ask for one or two seats. */
    static Ask[] asks(int count) {
        List<String> seats = new ArrayList<>();
        for (int row = 1; row <= ROWS && seats.size() < CONTESTED; row++) {
            for (int seat = 1; seat <= SEATS_PER_ROW; seat++) {
                seats.add("A-" + row + "-" + seat);
            }
        }
        Ask[] asks = new Ask[count];
        for (int i = 0; i < count; i++) {
            asks[i] = i % 2 == 0
                    ? new Ask(seats.get(ThreadLocalRandom.current().nextInt(CONTESTED)), 1)
                    : new Ask(null, 1 + i % 4 / 2);
        }
        return asks;
    }

    /**
     * The same gate script as inventory-service runs, on scratch events of 800 seats that no relay reads (their
     * outbox streams are not registered), from as many callers as there are pooled connections (more callers would
     * only queue for a connection): {@value #RAW_ROUNDS} rounds of as many attempts as buyers, each on an event of its
     * own so that every round has the gateway's mix of placed and refused, as one rate over the rounds' time. Every
     * connection is opened first, outside the rounds: a round lasts a few hundred milliseconds, and opening 256
     * connections inside the first one made it up to three times slower than the next.
     */
    private Latencies rawGate(int count) throws Exception {
        try (JedisPooled jedis = RawRedis.open(redisUrl, redisConnections)) {
            String sha = jedis.scriptLoad(placeScript());
            Phase.run("raw connections", redisConnections, i -> jedis.ping());
            int perCaller = (count + redisConnections - 1) / redisConnections;
            Ask[] asks = asks(count);
            List<Latencies> rounds = new ArrayList<>();
            for (int round = 0; round < RAW_ROUNDS; round++) {
                rounds.add(rawRound(jedis, sha, asks, perCaller));
            }
            return Latencies.combined("raw EVALSHA gate script (" + RAW_ROUNDS + " rounds)", rounds);
        }
    }

    private Latencies rawRound(JedisPooled jedis, String sha, Ask[] asks, int perCaller) throws Exception {
        UUID scratch = UUID.randomUUID();
        jedis.set(InventoryKeys.available(scratch), "800");
        jedis.set(InventoryKeys.saleState(scratch), "OPEN");
        jedis.hset(InventoryKeys.settings(scratch), Map.of("maxPerOrder", "4"));
        try {
            return Phase.run("raw EVALSHA gate script", redisConnections, perCaller, i -> {
                Ask ask = asks[ThreadLocalRandom.current().nextInt(asks.length)];
                PlaceScript call = rawCall(scratch, ask, Instant.now());
                return PlaceScript.Result.of(jedis.evalsha(sha, call.keys(), call.args()))
                        .name();
            });
        } finally {
            var scratchKeys = jedis.keys(InventoryKeys.prefix(scratch) + "*");
            if (!scratchKeys.isEmpty()) {
                jedis.del(scratchKeys.toArray(String[]::new));
            }
        }
    }

    /** A raw run's call of the gate script: a new order and session for {@code ask} on the scratch event. */
    static PlaceScript rawCall(UUID scratch, Ask ask, Instant now) {
        return PlaceScript.of(
                UUID.randomUUID(), ask.request(scratch, UUID.randomUUID()), IDEMPOTENCY_TTL, now, now.plus(REPLY_WAIT));
    }

    /** inventory-service's gate script, as its jar carries it. */
    static String placeScript() throws IOException {
        try (InputStream in = PlaceScript.class.getResourceAsStream(PlaceScript.RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(
                        "no " + PlaceScript.RESOURCE + " next to " + PlaceScript.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** How long after a hold's expiresAt its seats show FREE in the (cached) catalog again. */
    private void expiryLag() throws Exception {
        UUID eventId = client.createOpenEvent(
                "Expiry benchmark", 10, "\"generalAdmission\": {\"quantity\": 10, \"priceCents\": 3000}");
        client.liftAdmissionCaps(eventId, 100);
        String session = client.newSession();
        client.awaitQueueKnows(eventId, session);
        String admission = Crowd.admit(client, eventId, session);
        if (admission == null) {
            throw new IllegalStateException("the expiry buyer was not admitted");
        }
        HttpResponse<String> hold =
                client.send(client.post("/api/events/" + eventId + "/holds", session, admission, "{\"quantity\":2}"));
        GatewayClient.check(hold, 201, "the expiry hold");
        Instant expiresAt = Instant.parse(client.json(hold).get("expiresAt").asString());
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode seats = client.json(client.send(client.get("/api/events/" + eventId + "/seats", null)))
                    .path("seats");
            boolean allFree = true;
            for (JsonNode seat : seats) {
                allFree &= seat.path("status").asString().equals("FREE");
            }
            if (allFree && Instant.now().isAfter(expiresAt)) {
                System.out.printf(
                        "an expired hold's seats showed FREE in the catalog %d ms after its expiresAt "
                                + "(the catalog is cached up to 1 s; hold TTL 10 s)%n",
                        Duration.between(expiresAt, Instant.now()).toMillis());
                return;
            }
            Thread.sleep(100);
        }
        System.out.println("an expired hold's seats were still not FREE 60 s later");
    }
}
