package dev.onsale.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Every admitted buyer's hold sent at once by {@code wrk} ({@code holds.lua}), a C load generator, instead of the JVM's
 * HTTP client: on a 2-core machine the generator shares the cores with the stack, and the JDK client costs several
 * times what wrk does per request, so it measured the generator as much as the holds. One connection per buyer, each
 * sending its buyer's hold once; the phase lasts from the first hold sent to the last answered, measured by the
 * script, and wrk is stopped then (or after {@link #MOST_SECONDS}).
 *
 * <p>wrk keeps a histogram, not each latency: the phase's latencies are its percentiles at every 1 % (and its maximum),
 * each standing for a hundredth of the answers, so p50 and p99 are wrk's own and the rest is their shape.
 */
final class WrkHolds {

    static final String NAME = "POST /api/events/{e}/holds (wrk)";
    private static final String SCRIPT = "holds.lua";
    private static final int THREADS = 2;
    private static final int MOST_SECONDS = 60;

    private WrkHolds() {}

    /** One line a buyer, as {@code holds.lua} reads it: session token, admission token, the hold's body. */
    static String buyersFile(List<String[]> buyers) {
        StringBuilder lines = new StringBuilder();
        for (String[] buyer : buyers) {
            lines.append(buyer[0])
                    .append('\t')
                    .append(buyer[1])
                    .append('\t')
                    .append(buyer[2])
                    .append('\n');
        }
        return lines.toString();
    }

    /** Sends each buyer's ({@code session}, {@code admission}, {@code body}) hold on {@code eventId}; their figures. */
    static Latencies send(String gateway, UUID eventId, List<String[]> buyers)
            throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("onsale-holds-");
        try {
            Path file = Files.writeString(dir.resolve("buyers.tsv"), buyersFile(buyers));
            Path script = dir.resolve(SCRIPT);
            try (InputStream in = WrkHolds.class.getResourceAsStream(SCRIPT)) {
                if (in == null) {
                    throw new IllegalStateException("no " + SCRIPT + " next to " + WrkHolds.class.getName());
                }
                Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
            }
            int connections = Math.max(THREADS, buyers.size());
            String out = run(List.of(
                    "wrk",
                    "-t" + THREADS,
                    "-c" + connections,
                    "-d" + MOST_SECONDS + "s",
                    "--timeout",
                    MOST_SECONDS + "s",
                    "-s",
                    script.toString(),
                    gateway,
                    "--",
                    file.toString(),
                    Integer.toString(THREADS),
                    "/api/events/" + eventId + "/holds"));
            return parse(out, buyers.size());
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    /**
     * The phase as {@code holds.lua}'s {@code done()} printed it, for {@code sent} holds: answers by status and
     * problem, the run's time, wrk's latency percentiles; a hold without an answer is {@code no answer}, as long
     * as the run.
     */
    static Latencies parse(String out, int sent) {
        long durationMicros = -1;
        Map<String, Long> answers = new LinkedHashMap<>();
        long[] percentileMicros = new long[101];
        for (String line : out.split("\n")) {
            String[] fields = line.strip().split(" ", 3);
            switch (fields[0]) {
                case "holds-run" -> durationMicros = Long.parseLong(fields[2]);
                case "holds-answer" -> answers.merge(fields[2], Long.parseLong(fields[1]), Long::sum);
                case "holds-latency" -> percentileMicros[Integer.parseInt(fields[1])] = Long.parseLong(fields[2]);
                case "holds-errors" -> {
                    if (!line.strip().equals("holds-errors 0 0 0 0")) {
                        System.out.println("wrk's socket errors (connect, read, write, timeout): "
                                + line.strip().substring("holds-errors ".length()));
                    }
                }
                default -> {}
            }
        }
        if (durationMicros < 0) {
            throw new IllegalStateException("wrk printed no holds-run line:\n" + out);
        }
        List<String> outcomes = new ArrayList<>();
        answers.forEach((answer, count) -> {
            for (long i = 0; i < count; i++) {
                outcomes.add(answer);
            }
        });
        int unanswered = Math.max(0, sent - outcomes.size());
        Latencies phase = new Latencies(NAME, outcomes.size() + unanswered);
        for (int k = 0; k < outcomes.size(); k++) {
            int percent = (int) Math.min(100, Math.ceil(100.0 * (k + 1) / outcomes.size()));
            phase.record(percentileMicros[percent] * 1_000, outcomes.get(k));
        }
        for (int k = 0; k < unanswered; k++) {
            phase.record(durationMicros * 1_000, "no answer");
        }
        phase.wall(durationMicros * 1_000);
        return phase;
    }

    /**
     * Runs wrk and returns what it printed. wrk runs for its whole {@code -d} even when every thread has stopped, so
     * once each thread has printed {@code holds-thread-done} it is interrupted (SIGINT, after which it prints its
     * summary and runs {@code done()}, as on Ctrl-C).
     */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process process = ExternalTools.start(
                command,
                "the holds benchmark needs Debian's wrk (apt-get install wrk), or --client=jvm to send the holds"
                        + " from the JVM");
        StringBuilder out = new StringBuilder();
        int threadsDone = 0;
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                out.append(line).append('\n');
                if (line.strip().equals("holds-thread-done") && ++threadsDone == THREADS) {
                    new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                            .inheritIO()
                            .start()
                            .waitFor();
                }
            }
        }
        return ExternalTools.succeeded(process, command, out.toString());
    }
}
