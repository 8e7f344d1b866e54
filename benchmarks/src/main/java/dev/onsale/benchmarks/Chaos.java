package dev.onsale.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * {@code --chaos}: the faults a rehearsal inflicts while its sale runs, asked of the stack through its control
 * directory (the launcher's {@code StackControl}, so only a stack that {@code ./onsale up} started on this machine):
 * each chosen service killed with SIGKILL and started again, as a crashed pod; Redis restarted empty once; the Kafka
 * broker paused ({@code SIGSTOP}) for {@value #KAFKA_PAUSE_SECONDS} s. {@code --chaos} alone kills one service, the
 * one after the service the previous chaos run killed ({@value #ROTATION} in the report directory), so that runs
 * take turns; {@code --chaos=booking,inventory} kills those, one after the other. The faults come at fixed seconds of
 * the sale, 10 s (and every 30 s after for more kills), 25 s and 45 s; {@code --chaos-scale=0.3} brings them three
 * times closer, for a sale of a few hundred buyers that would be over before the last one.
 *
 * <p>Each fault has a window, from the moment it was asked for until {@link #RECOVERY_SECONDS} after it was over:
 * a 503 in a window is the designed answer of a part that is down or rebuilding, and the audit counts those apart.
 */
final class Chaos implements AutoCloseable {

    /** The services a rehearsal may kill. The gateway is not one: with one replica, its loss is an outage. */
    static final List<String> SERVICES = List.of("queue", "inventory", "booking", "payment");

    static final long KAFKA_PAUSE_SECONDS = 10;
    /** After a fault is over, how long the system may still be recovering: consumers rejoin, the gate is rebuilt. */
    static final double RECOVERY_SECONDS = 15;

    static final String ROTATION = "chaos-last-service";
    private static final double FIRST_KILL_SECOND = 10;
    private static final double BETWEEN_KILLS_SECONDS = 30;
    private static final double KAFKA_PAUSE_SECOND = 25;
    private static final double REDIS_RESTART_SECOND = 45;
    /** How long a fault may take: a service's restart on a loaded machine is the longest. */
    private static final long ANSWER_SECONDS = 240;

    /** A fault as it went: the seconds are the sale's timeline's. */
    record Fault(String request, double askedSecond, double endedSecond, boolean done, String said) {

        boolean covers(double second) {
            return second >= askedSecond && second <= endedSecond + RECOVERY_SECONDS;
        }
    }

    /** A fault to inflict {@code second}s into the sale. */
    record Planned(double second, String request) {}

    static final Chaos NONE = new Chaos(null, List.of());

    private final Path control;
    private final List<Planned> plan;
    private final List<Fault> faults = new CopyOnWriteArrayList<>();
    private ScheduledExecutorService scheduler;
    private long origin;

    Chaos(Path control, List<Planned> plan) {
        this.control = control;
        this.plan = plan;
    }

    /**
     * The chaos {@code --chaos} asks for, or {@link #NONE}; refuses a service it may not kill and a stack it cannot
     * reach ({@code --control-dir}, {@code .onsale/control} by default).
     */
    static Chaos of(Options options, Path reportDirectory) {
        String asked = options.text("chaos", null);
        if (asked == null || asked.equals("false")) {
            return NONE;
        }
        Path control = Path.of(options.text("control-dir", ".onsale/control"));
        if (!Files.isDirectory(control)) {
            throw new IllegalArgumentException("--chaos needs the control directory of a stack that ./onsale up"
                    + " started on this machine; there is no " + control + " (--control-dir)");
        }
        List<String> services = asked.isEmpty() || asked.equals("true")
                ? List.of(nextService(reportDirectory))
                : Arrays.stream(asked.split(",")).map(String::strip).toList();
        for (String service : services) {
            if (!SERVICES.contains(service)) {
                throw new IllegalArgumentException("--chaos kills one of " + SERVICES + ", not " + service
                        + (service.equals("gateway") ? " (the one gateway's loss is an outage, not a fault)" : ""));
            }
        }
        double scale = options.decimal("chaos-scale", 1);
        if (!(scale > 0 && scale <= 1)) {
            throw new IllegalArgumentException("--chaos-scale brings the faults earlier for a short sale: a factor"
                    + " over 0 and at most 1, not " + scale);
        }
        List<Planned> plan = new ArrayList<>();
        for (int i = 0; i < services.size(); i++) {
            plan.add(new Planned(scale * (FIRST_KILL_SECOND + i * BETWEEN_KILLS_SECONDS), "kill-" + services.get(i)));
        }
        plan.add(new Planned(scale * KAFKA_PAUSE_SECOND, "pause-kafka-" + KAFKA_PAUSE_SECONDS));
        plan.add(new Planned(scale * REDIS_RESTART_SECOND, "restart-redis"));
        remember(reportDirectory, services.getLast());
        return new Chaos(control, List.copyOf(plan));
    }

    /** The service after the one the previous chaos run killed; the first one the first time. */
    static String nextService(Path reportDirectory) {
        Path rotation = reportDirectory.resolve(ROTATION);
        try {
            String last =
                    Files.isRegularFile(rotation) ? Files.readString(rotation).strip() : "";
            return SERVICES.get((SERVICES.indexOf(last) + 1) % SERVICES.size());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void remember(Path reportDirectory, String service) {
        try {
            Files.createDirectories(reportDirectory);
            Files.writeString(reportDirectory.resolve(ROTATION), service);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean active() {
        return control != null;
    }

    /** Starts the faults' clock (the timeline's second 0) and schedules them. */
    void begin() {
        origin = System.nanoTime();
        if (!active()) {
            return;
        }
        scheduler = Executors.newScheduledThreadPool(plan.size());
        for (Planned fault : plan) {
            scheduler.schedule(() -> inflict(fault.request()), (long) (fault.second() * 1000), TimeUnit.MILLISECONDS);
        }
    }

    private void inflict(String request) {
        double asked = second();
        String said;
        boolean done = false;
        try {
            Path running = control.resolve(request);
            Files.deleteIfExists(control.resolve(request + ".done"));
            Files.deleteIfExists(control.resolve(request + ".failed"));
            Files.writeString(running, "");
            System.out.printf(Locale.ROOT, "chaos %.0f s: %s%n", asked, request);
            said = "no answer within " + ANSWER_SECONDS + " s";
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(ANSWER_SECONDS);
            while (System.nanoTime() < deadline) {
                if (Files.exists(control.resolve(request + ".done"))) {
                    done = true;
                    said = Files.readString(control.resolve(request + ".done"));
                    break;
                }
                if (Files.exists(control.resolve(request + ".failed"))) {
                    said = Files.readString(control.resolve(request + ".failed"));
                    break;
                }
                Thread.sleep(200);
            }
        } catch (IOException e) {
            said = "could not ask: " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            said = "interrupted";
        }
        Fault fault = new Fault(request, asked, second(), done, said);
        System.out.printf(Locale.ROOT, "chaos %.0f s: %s %s%n", fault.endedSecond(), done ? "done:" : "FAILED:", said);
        faults.add(fault);
    }

    private double second() {
        return (System.nanoTime() - origin) / 1e9;
    }

    /** Waits for every fault to be over (a fault asked late in a short sale still runs to its end). */
    @Override
    public void close() throws InterruptedException {
        if (scheduler != null) {
            scheduler.shutdown();
            scheduler.awaitTermination(ANSWER_SECONDS + (long) REDIS_RESTART_SECOND, TimeUnit.SECONDS);
        }
    }

    /** The faults as they went, in the order they ended. */
    List<Fault> faults() {
        return List.copyOf(faults);
    }

    /** Whether {@code second} of the timeline falls in some fault's window. */
    boolean inWindow(double second) {
        return faults.stream().anyMatch(f -> f.covers(second));
    }

    /** Whether a moment on the {@link System#nanoTime()} clock falls in some fault's window. */
    boolean duringFault(long nanos) {
        return active() && inWindow((nanos - origin) / 1e9);
    }

    /** How many times the waiting room's line was lost: Redis restarted empty. */
    int lineLosses() {
        return lineLossTimes().size();
    }

    /** When the waiting room's line was lost, on the {@link System#nanoTime()} clock: each restart of Redis. */
    List<Fairness.LineLoss> lineLossTimes() {
        return faults.stream()
                .filter(f -> f.done() && f.request().equals("restart-redis"))
                .map(f -> new Fairness.LineLoss(nanos(f.askedSecond()), nanos(f.endedSecond())))
                .toList();
    }

    private long nanos(double second) {
        return origin + (long) (second * 1e9);
    }

    /** The check that every fault was carried out: a rehearsal whose faults did not happen proves nothing. */
    Audit.Check check() {
        boolean all = faults.size() == plan.size() && faults.stream().allMatch(Fault::done);
        return new Audit.Check("chaos: every fault happened", all, describeFaults());
    }

    /** The plan, for the report's setting. */
    String describe() {
        return active()
                ? plan.stream()
                        .map(p -> String.format(Locale.ROOT, "%s at %.0f s", p.request(), p.second()))
                        .collect(Collectors.joining(", "))
                : "none";
    }

    private String describeFaults() {
        return faults.isEmpty()
                ? "none happened of " + describe()
                : faults.stream()
                        .map(f -> String.format(
                                Locale.ROOT,
                                "%s %.0f-%.0f s %s",
                                f.request(),
                                f.askedSecond(),
                                f.endedSecond(),
                                f.done() ? "(" + f.said() + ")" : "FAILED: " + f.said()))
                        .collect(Collectors.joining("; "));
    }
}
