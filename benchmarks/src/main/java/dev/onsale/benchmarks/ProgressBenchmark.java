package dev.onsale.benchmarks;

import java.io.File;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The waiting room's per-poll cost under the edge protocol: {@code wrk} (a C load generator, not the JVM) reads one
 * event's progress document through the gateway, plainly and revalidating with its ETag (304), and straight at
 * queue-service (the origin, which the gateway's cache stands in front of); {@code redis-benchmark} runs the raw
 * {@code ZRANK} on the same line of the same Redis in the same run, as the ceiling. Needs Debian's {@code wrk} and
 * {@code redis-tools} on the PATH.
 *
 * <p>Each JVM path is read once first for {@code --warm-up-seconds}, printed but kept out of the ratios: a process
 * fresh from {@code ./onsale up} still runs interpreted and C1-compiled code for its first thousands of requests, and
 * the ratios compare steady states (redis-benchmark's C needs no warm-up).
 */
final class ProgressBenchmark {

    private static final Pattern WRK_RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern WRK_NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern WRK_ERRORS = Pattern.compile("Socket errors:.*");
    private static final Pattern WRK_P99 = Pattern.compile("\\s99%\\s+(\\S+)");
    private static final Pattern REDIS_RATE = Pattern.compile("([0-9.]+) requests per second");
    private static final List<String> TOOLS = List.of("wrk", "redis-benchmark");

    private final String gateway;
    private final String queue;
    private final String redisUrl;
    private final int buyers;
    private final int connections;
    private final int seconds;
    private final int warmUpSeconds;
    private final GatewayClient client;

    ProgressBenchmark(Options options) {
        this.gateway = options.text("gateway", "http://localhost:8080");
        this.queue = options.text("queue", "http://localhost:8081");
        this.redisUrl = options.text("redis", "redis://localhost:16379");
        this.buyers = options.number("buyers", 2000);
        this.connections = options.number("connections", 200);
        this.seconds = options.number("seconds", 10);
        this.warmUpSeconds = options.number("warm-up-seconds", seconds);
        this.client = new GatewayClient(
                gateway,
                options.text("admin-token", System.getenv().getOrDefault("ONSALE_ADMIN_TOKEN", "local-admin-token")));
    }

    /** The wrk rates of one run (plain, revalidated with the ETag, at the origin) and redis-benchmark's ZRANKs/s. */
    record Figures(Rate plain, Rate revalidated, Rate origin, double rawZrank) {}

    /** The executables this benchmark drives that are not on the PATH (empty: it can run). */
    static List<String> missingTools() {
        List<String> path = List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator));
        return TOOLS.stream()
                .filter(tool -> path.stream().noneMatch(dir -> Files.isExecutable(Path.of(dir, tool))))
                .toList();
    }

    void run() throws Exception {
        Figures figures = measure();
        for (Rate rate : List.of(figures.plain(), figures.revalidated(), figures.origin())) {
            System.out.printf("%-55s / raw ZRANK: %.3f%n", rate.what(), rate.perSecond() / figures.rawZrank());
        }
        System.out.printf(
                "through the gateway / at queue-service directly: %.2f%n",
                figures.plain().perSecond() / figures.origin().perSecond());
    }

    /** Runs wrk three times and redis-benchmark once, printing each rate as it comes; returns them. */
    Figures measure() throws Exception {
        UUID eventId = client.createOpenEvent(
                "Progress benchmark", 600, "\"generalAdmission\": {\"quantity\": 800, \"priceCents\": 3000}");
        client.awaitQueueKnows(eventId, client.newSession());
        // admit nobody, so that the line keeps its length for the whole run
        client.send(client.put(
                "/admin/events/" + eventId + "/admission", "{\"maxActiveBuyers\": 1, \"maxAdmitPerSecond\": 1}"));
        Crowd crowd = new Crowd(client, buyers);
        crowd.createSessions();
        String[] tokens = crowd.sessions();
        Latencies joins = Phase.run(
                "POST /api/queue/{e}/join",
                buyers,
                i -> Integer.toString(client.send(client.post("/api/queue/" + eventId + "/join", tokens[i], null, "{}"))
                        .statusCode()));
        System.out.println(joins.report());
        String path = "/api/queue/" + eventId + "/progress";
        HttpResponse<String> first = client.send(client.get(path, null));
        GatewayClient.check(first, 200, "GET " + path);
        String etag = first.headers().firstValue("ETag").orElseThrow();
        System.out.printf("event %s: %d waiting; the document: %s (ETag %s)%n", eventId, buyers, first.body(), etag);
        System.out.printf(
                "wrk -t2 -c%d -d%ds on %d cores, the load generator on the same cores as the stack%n",
                connections, seconds, Runtime.getRuntime().availableProcessors());

        if (warmUpSeconds > 0) {
            wrk("warm-up through the gateway (not in the ratios)", gateway + path, null, warmUpSeconds);
            wrk("warm-up at queue-service (not in the ratios)", queue + path, null, warmUpSeconds);
        }
        Rate plain = wrk("progress through the gateway", gateway + path, null);
        Rate revalidated = wrk("progress through the gateway, If-None-Match (304)", gateway + path, etag);
        Rate origin = wrk("progress at queue-service directly (no cache)", queue + path, null);
        double raw = redisZrank(eventId, sessionId(tokens[tokens.length / 2]));
        System.out.printf("%-55s %10.0f/s%n", "raw Redis ZRANK on the same line (redis-benchmark)", raw);
        return new Figures(plain, revalidated, origin, raw);
    }

    record Rate(String what, double perSecond) {}

    private Rate wrk(String what, String url, String etag) throws IOException, InterruptedException {
        return wrk(what, url, etag, seconds);
    }

    private Rate wrk(String what, String url, String etag, int forSeconds) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of("wrk", "-t2", "-c" + connections, "-d" + forSeconds + "s", "--latency", "--timeout", "10s"));
        if (etag != null) {
            command.addAll(List.of("-H", "If-None-Match: " + etag));
        }
        command.add(url);
        String out = run(command);
        double rate = Double.parseDouble(find(WRK_RATE, out, what));
        Matcher non2xx = WRK_NON_2XX.matcher(out);
        Matcher errors = WRK_ERRORS.matcher(out);
        Matcher p99 = WRK_P99.matcher(out);
        System.out.printf(
                "%-55s %10.0f/s  p99 %s  non-2xx/3xx %s  %s%n",
                what,
                rate,
                p99.find() ? p99.group(1) : "?",
                non2xx.find() ? non2xx.group(1) : "0",
                errors.find() ? errors.group() : "no socket errors");
        return new Rate(what, rate);
    }

    private double redisZrank(UUID eventId, String member) throws IOException, InterruptedException {
        java.net.URI uri = java.net.URI.create(redisUrl);
        String out = run(List.of(
                "redis-benchmark",
                "-h",
                uri.getHost(),
                "-p",
                Integer.toString(uri.getPort()),
                "-c",
                Integer.toString(connections),
                "-n",
                "400000",
                "-q",
                "ZRANK",
                "queue:{" + eventId + "}:line",
                member));
        return Double.parseDouble(find(REDIS_RATE, out, "redis-benchmark ZRANK"));
    }

    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = ExternalTools.start(
                command, "this benchmark needs Debian's wrk and redis-tools (apt-get install wrk redis-tools)");
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return ExternalTools.succeeded(process, command, out);
    }

    private static String find(Pattern pattern, String out, String what) {
        Matcher matcher = pattern.matcher(out);
        if (!matcher.find()) {
            throw new IllegalStateException("no rate in the output of " + what + ":\n" + out);
        }
        return matcher.group(1);
    }

    private static String sessionId(String sessionToken) {
        return sessionToken.split("\\.")[1];
    }
}
