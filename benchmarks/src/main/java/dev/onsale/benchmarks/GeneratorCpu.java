package dev.onsale.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

/**
 * What the load generator took of the machine it shares with the stack: its own CPU time and, where {@code /proc/stat}
 * exists, how busy all the cores were, over the arrival's first {@link #WINDOW} and over the whole sale. A latency
 * measured while the generator held most of the cores is the generator's figure as much as the system's.
 */
final class GeneratorCpu {

    static final Duration WINDOW = Duration.ofSeconds(15);

    private record Snapshot(long nanos, long processCpuNanos, long[] machineTicks) {

        static Snapshot now() {
            return new Snapshot(System.nanoTime(), readProcessCpu(), readMachineTicks());
        }

        String since(Snapshot start) {
            double seconds = (nanos - start.nanos) / 1e9;
            double cpu = (processCpuNanos - start.processCpuNanos) / 1e9;
            String machine = "";
            double busy = PhaseCpu.busyCores(start.machineTicks, machineTicks);
            if (busy >= 0) {
                machine = "; all processes: %.2f of %d cores busy"
                        .formatted(busy, Runtime.getRuntime().availableProcessors());
            }
            return "%.1f s of CPU in %.1f s (%.2f cores)%s".formatted(cpu, seconds, cpu / seconds, machine);
        }
    }

    private final Snapshot start;
    private volatile Snapshot window;

    private GeneratorCpu(Snapshot start) {
        this.start = start;
    }

    /** Starts measuring now; the first {@link #WINDOW} is noted on a virtual thread of its own. */
    static GeneratorCpu start() {
        GeneratorCpu cpu = new GeneratorCpu(Snapshot.now());
        Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(WINDOW);
                cpu.window = Snapshot.now();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return cpu;
    }

    /** One line: the generator's CPU over the first {@link #WINDOW} (when it has passed) and until now. */
    String report() {
        Snapshot first = window;
        return "load generator: %s%s"
                .formatted(
                        first == null
                                ? ""
                                : "first %d s: %s; whole sale: ".formatted(WINDOW.toSeconds(), first.since(start)),
                        Snapshot.now().since(start));
    }

    private static long readProcessCpu() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime()
                : 0;
    }

    /** The "cpu" line of /proc/stat (user, nice, system, idle, ...), empty where there is none. */
    static long[] readMachineTicks() {
        try {
            String line = Files.readAllLines(Path.of("/proc/stat")).getFirst();
            return Arrays.stream(line.trim().split("\\s+"))
                    .skip(1)
                    .mapToLong(Long::parseLong)
                    .toArray();
        } catch (IOException | RuntimeException e) {
            return new long[0];
        }
    }
}
