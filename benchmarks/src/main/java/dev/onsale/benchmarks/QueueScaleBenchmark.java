package dev.onsale.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

/**
 * One event's waiting room at a million buyers, in one Redis, on queue-service's own scripts (read from this
 * repository): joins straight on {@code place.lua} (pipelined, no HTTP), then Redis' memory per waiting buyer, and
 * the time of what keeps running at that size: a pump stroke ({@code pump.lua}), the progress document's read
 * ({@code progress.lua}) and a buyer's status ({@code place.lua}). Ends with the origin's request rate on paper when a
 * CDN answers the progress document. Cleans up its keys.
 */
final class QueueScaleBenchmark {

    private static final Path SCRIPTS = Path.of("queue-service/src/main/resources/dev/onsale/queue");
    private static final int PIPELINE = 2000;

    private final String redisUrl;
    private final int buyers;
    private final int strokes;
    private final int admitPerStroke;

    QueueScaleBenchmark(Options options) {
        this.redisUrl = options.text("redis", "redis://localhost:16379");
        this.buyers = options.number("buyers", 1_000_000);
        this.strokes = options.number("strokes", 200);
        this.admitPerStroke = options.number("admit-per-stroke", 100);
    }

    void run() throws IOException {
        java.net.URI uri = java.net.URI.create(redisUrl);
        UUID eventId = UUID.randomUUID();
        String prefix = "queue:{" + eventId + "}:";
        try (Jedis jedis = new Jedis(
                uri.getHost(), uri.getPort(), (int) Duration.ofMinutes(2).toMillis())) {
            String place = jedis.scriptLoad(script("line/place.lua"));
            String pump = jedis.scriptLoad(script("admission/pump.lua"));
            String progress = jedis.scriptLoad(script("progress/progress.lua"));
            String seal = jedis.scriptLoad(script("opening/seal.lua"));
            String open = jedis.scriptLoad(script("opening/open.lua"));
            try {
                jedis.hset(
                        prefix + "event",
                        java.util.Map.of(
                                "saleState",
                                "OPEN",
                                "capacity",
                                "800",
                                "saleOpensAt",
                                Instant.now().toString()));
                jedis.hset(
                        prefix + "settings",
                        java.util.Map.of("maxActiveBuyers", "100000000", "maxAdmitPerSecond", "100000000"));
                jedis.evalsha(seal, List.of(prefix + "opening", prefix + "pre", prefix + "seq"), List.of("seed"));
                jedis.evalsha(open, List.of(prefix + "opening", prefix + "pre", prefix + "line"), List.of("seed"));
                long memoryBefore = usedMemory(jedis);
                List<String> placeKeys = placeKeys(prefix);

                long started = System.nanoTime();
                String[] sessions = new String[buyers];
                for (int from = 0; from < buyers; from += PIPELINE) {
                    Pipeline pipeline = jedis.pipelined();
                    for (int i = from; i < Math.min(buyers, from + PIPELINE); i++) {
                        sessions[i] = UUID.randomUUID().toString();
                        pipeline.evalsha(place, placeKeys, List.of(sessions[i], "join", "200"));
                    }
                    pipeline.sync();
                }
                double joinSeconds = (System.nanoTime() - started) / 1e9;
                long memoryAfter = usedMemory(jedis);
                long line = jedis.zcard(prefix + "line");
                System.out.printf(
                        "%,d buyers joined one event's line on place.lua in %.1f s (%,.0f joins/s, pipelined by %d)%n",
                        line, joinSeconds, line / joinSeconds, PIPELINE);
                System.out.printf(
                        "Redis memory: %,d bytes more, %.0f bytes per waiting buyer (the line's sorted set alone: %,d bytes)%n",
                        memoryAfter - memoryBefore,
                        (memoryAfter - memoryBefore) / (double) line,
                        jedis.memoryUsage(prefix + "line", 0));

                long[] statusMicros = time(
                        200,
                        i -> jedis.evalsha(
                                place,
                                placeKeys,
                                List.of(sessions[(int) ((long) i * 4999 % buyers)], "status", "200")));
                long[] progressMicros = time(
                        200,
                        i -> jedis.evalsha(
                                progress,
                                List.of(
                                        prefix + "event",
                                        prefix + "opening",
                                        prefix + "line",
                                        prefix + "pre",
                                        prefix + "stats",
                                        prefix + "availability",
                                        prefix + "settings"),
                                List.of("200")));
                List<String> pumpKeys = Arrays.asList(
                        prefix + "event",
                        prefix + "opening",
                        prefix + "line",
                        prefix + "active",
                        prefix + "admissions",
                        prefix + "admission-expiries",
                        prefix + "availability",
                        prefix + "settings",
                        prefix + "bucket",
                        prefix + "stats",
                        prefix + "admission-log");
                long[] pumpMicros = time(
                        strokes,
                        i -> jedis.evalsha(
                                pump,
                                pumpKeys,
                                List.of(
                                        String.format("%08x-0000-0000-0000-", i),
                                        "600",
                                        "200",
                                        "50",
                                        "2",
                                        "500",
                                        Integer.toString(admitPerStroke),
                                        "10000",
                                        "1000")));
                report("a buyer's status (place.lua, ZRANK)", statusMicros);
                report("the progress document (progress.lua)", progressMicros);
                report("a pump stroke admitting " + admitPerStroke + " (pump.lua)", pumpMicros);
                System.out.printf(
                        "after %d strokes: servingThrough %s, line %,d%n",
                        strokes, jedis.hget(prefix + "stats", "servingThrough"), jedis.zcard(prefix + "line"));
                onPaper(line);
            } finally {
                for (String key : jedis.keys(prefix + "*")) {
                    jedis.unlink(key);
                }
            }
        }
    }

    private interface Call {
        void run(int i);
    }

    private static long[] time(int n, Call call) {
        long[] micros = new long[n];
        for (int i = 0; i < n; i++) {
            long started = System.nanoTime();
            call.run(i);
            micros[i] = (System.nanoTime() - started) / 1000;
        }
        Arrays.sort(micros);
        return micros;
    }

    private static void report(String what, long[] micros) {
        System.out.printf(
                "%-45s p50 %6d µs  p99 %6d µs  max %6d µs  (%d calls, one at a time, round trip included)%n",
                what,
                micros[micros.length / 2],
                micros[(int) (micros.length * 0.99)],
                micros[micros.length - 1],
                micros.length);
    }

    /** The origin's load with a CDN in front of the progress document, from the protocol's own numbers. */
    private static void onPaper(long waiting) {
        int edgeLocations = 50;
        int admitPerSecond = 200;
        System.out.printf("""
                on paper, %,d waiting, a CDN in front of GET /api/queue/{e}/progress (max-age=1):
                  progress documents at the origin: at most 1/s per CDN cache that asks, e.g. %d edge locations -> %d/s
                    (without the CDN: the gateway's own cache, 1/s per gateway replica)
                  joins: one per buyer, once (%,d over the arrival); status calls: one per admission, %d/s at the
                    pump's rate, plus one per pre-queue buyer after the opening (spread over 10 s at most)
                  without the edge protocol every buyer polled the origin: %,d buyers at 1 poll per 1-30 s
                    (the old pollAfterMs budget capped one event at 2,000 polls/s)
                """, waiting, edgeLocations, edgeLocations, waiting, admitPerSecond, waiting);
    }

    private static List<String> placeKeys(String prefix) {
        return List.of(
                prefix + "event",
                prefix + "opening",
                prefix + "line",
                prefix + "pre",
                prefix + "seq",
                prefix + "admissions",
                prefix + "availability",
                prefix + "settings",
                prefix + "stats");
    }

    private static long usedMemory(Jedis jedis) {
        for (String line : jedis.info("memory").split("\r\n")) {
            if (line.startsWith("used_memory:")) {
                return Long.parseLong(line.substring("used_memory:".length()));
            }
        }
        throw new IllegalStateException("no used_memory in INFO memory");
    }

    private static String script(String name) throws IOException {
        Path path = SCRIPTS.resolve(name);
        if (!Files.exists(path)) {
            throw new IllegalStateException("run from the repository root: " + path + " is not here");
        }
        return Files.readString(path);
    }
}
