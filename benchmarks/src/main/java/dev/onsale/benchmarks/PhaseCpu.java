package dev.onsale.benchmarks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a phase's CPU went: each process of the stack's CPU time over the phase, per unit of work (a hold), and how
 * busy all the cores were. On a machine the stack saturates, the throughput is the cores over the sum of these
 * figures, so this says which process to profile first. Read from {@code /proc} ({@link StackProcesses#cpuTicks()}),
 * in clock ticks of 10 ms (USER_HZ, 100 on Linux): a figure is as coarse as that over the phase.
 */
final class PhaseCpu {

    /** Linux's USER_HZ: the unit of {@code /proc/<pid>/stat}'s times. */
    static final int TICKS_PER_SECOND = 100;

    private final StackProcesses stack;
    private final Map<String, Long> start;
    private final long[] machineStart;

    private PhaseCpu(StackProcesses stack, Map<String, Long> start, long[] machineStart) {
        this.stack = stack;
        this.start = start;
        this.machineStart = machineStart;
    }

    /** Starts counting, or empty (with why on stderr) when the stack's processes cannot be read here. */
    static Optional<PhaseCpu> start(Path stateDir) {
        try {
            StackProcesses stack = StackProcesses.read(stateDir);
            Map<String, Long> ticks = stack.cpuTicks();
            if (ticks.isEmpty()) {
                System.err.println("no CPU figures per process: /proc of the stack's processes cannot be read here");
                return Optional.empty();
            }
            return Optional.of(new PhaseCpu(stack, ticks, GeneratorCpu.readMachineTicks()));
        } catch (IOException | IllegalStateException e) {
            System.err.println("no CPU figures per process: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The phase's CPU by process, per unit ({@code units} of {@code unit}, e.g. 5000 "hold"), as one report line. */
    String since(int units, String unit) throws IOException {
        Map<String, Long> end = stack.cpuTicks();
        long[] machineEnd = GeneratorCpu.readMachineTicks();
        return report(used(start, end), units, unit, busyCores(machineStart, machineEnd));
    }

    /** Ticks each process used between the two readings; a process missing from either is left out. */
    static Map<String, Long> used(Map<String, Long> start, Map<String, Long> end) {
        Map<String, Long> used = new LinkedHashMap<>();
        end.forEach((name, ticks) -> {
            Long before = start.get(name);
            if (before != null && ticks >= before) {
                used.put(name, ticks - before);
            }
        });
        return used;
    }

    /** Busy cores between two {@code /proc/stat} cpu lines' tick arrays, or -1 when they cannot tell. */
    static double busyCores(long[] start, long[] end) {
        if (start.length <= 3 || end.length <= 3) {
            return -1;
        }
        long total = Arrays.stream(end).sum() - Arrays.stream(start).sum();
        long idle = end[3] - start[3];
        if (total <= 0) {
            return -1;
        }
        return Runtime.getRuntime().availableProcessors() * (1 - (double) idle / total);
    }

    /** The report: the busiest process first, in ms of CPU per unit. */
    static String report(Map<String, Long> used, int units, String unit, double busyCores) {
        List<Map.Entry<String, Long>> busiest = new ArrayList<>(used.entrySet());
        busiest.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        long total = used.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder line = new StringBuilder("CPU of the stack a %s: %.3f ms (".formatted(unit, ms(total, units)));
        for (int i = 0; i < busiest.size(); i++) {
            Map.Entry<String, Long> process = busiest.get(i);
            line.append(i == 0 ? "" : ", ")
                    .append(process.getKey())
                    .append(' ')
                    .append("%.3f".formatted(ms(process.getValue(), units)));
        }
        line.append(")");
        if (busyCores >= 0) {
            line.append("; all processes kept %.2f of %d cores busy"
                    .formatted(busyCores, Runtime.getRuntime().availableProcessors()));
        }
        return line.toString();
    }

    private static double ms(long ticks, int units) {
        return units == 0 ? 0 : ticks * 1000.0 / TICKS_PER_SECOND / units;
    }
}
