package dev.onsale.benchmarks;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The processes of the stack {@code ./onsale up} started, found as {@code ./onsale down} finds them: the launcher's
 * {@code <state-dir>/stack.pids}, one {@code name=pid startEpochMillis} a line ({@code -} when the start was not
 * known), each process taken only while it is the one recorded (started within a second of the recorded time), so
 * that a reused pid is never read. The file's format is the launcher's {@code PidsFile}, which the benchmarks cannot
 * reach (it is package-private there); its names are those of the launcher's {@code Teardown}.
 */
final class StackProcesses {

    static final String PIDS_FILE = "stack.pids";
    /** The {@code ./onsale up} process itself. */
    static final String LAUNCHER = "launcher";
    /** The engines process (Kafka, and the parent of PostgreSQL and Redis), and PostgreSQL's postmaster. */
    static final String ENGINES = "engines";

    static final String POSTGRES = "postgres";
    private static final Duration START_TOLERANCE = Duration.ofSeconds(1);

    /** One recorded process; {@code startedAt} is null when the launcher did not know it. */
    record Entry(String name, long pid, Instant startedAt) {}

    /**
     * A live process's resident memory in kB: its own, plus its children's where counted ({@code children} of them);
     * -1 when it could not be read.
     */
    record Resident(String name, long pid, long kb, int children) {}

    private final Path stateDir;
    private final List<Entry> entries;

    private StackProcesses(Path stateDir, List<Entry> entries) {
        this.stateDir = stateDir;
        this.entries = List.copyOf(entries);
    }

    /** The processes {@code <stateDir>/stack.pids} names; throws when there is no such file (no stack running here). */
    static StackProcesses read(Path stateDir) throws IOException {
        Path file = stateDir.resolve(PIDS_FILE);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no " + file + ": no stack started by ./onsale up with this state "
                    + "directory is running (--state-dir)");
        }
        return new StackProcesses(stateDir, parse(Files.readAllLines(file, StandardCharsets.UTF_8)));
    }

    /** The entries of a pids file's lines, in their order; comments, blank and malformed lines are passed over. */
    static List<Entry> parse(List<String> lines) {
        List<Entry> parsed = new ArrayList<>();
        for (String line : lines) {
            String trimmed = line.strip();
            int eq = trimmed.indexOf('=');
            if (trimmed.startsWith("#") || eq <= 0) {
                continue;
            }
            String[] fields = trimmed.substring(eq + 1).strip().split("\\s+");
            try {
                Instant started = fields.length < 2 || fields[1].equals("-")
                        ? null
                        : Instant.ofEpochMilli(Long.parseLong(fields[1]));
                parsed.add(new Entry(trimmed.substring(0, eq).strip(), Long.parseLong(fields[0]), started));
            } catch (NumberFormatException e) {
                // not a line the launcher writes
            }
        }
        return parsed;
    }

    /** The resident set size in kB of a {@code /proc/<pid>/status} text (its {@code VmRSS:} line); -1 without one. */
    static long vmRssKb(String status) {
        return status.lines()
                .filter(line -> line.startsWith("VmRSS:"))
                .map(line -> line.substring("VmRSS:".length()).strip().split("\\s+"))
                .filter(fields -> fields.length == 2 && fields[1].equals("kB"))
                .mapToLong(fields -> Long.parseLong(fields[0]))
                .findFirst()
                .orElse(-1);
    }

    List<Entry> entries() {
        return entries;
    }

    /** The process {@code entry} names, while it is still the one recorded. */
    static Optional<ProcessHandle> live(Entry entry) {
        return ProcessHandle.of(entry.pid())
                .filter(ProcessHandle::isAlive)
                .filter(process -> entry.startedAt() == null
                        || process.info()
                                .startInstant()
                                .map(start -> Duration.between(start, entry.startedAt())
                                                .abs()
                                                .compareTo(START_TOLERANCE)
                                        <= 0)
                                .orElse(true));
    }

    /**
     * The resident memory of every live process of the stack, in the file's order; PostgreSQL as its postmaster with
     * its children (the backends, the WAL writer, ...), which the engines' pid file does not list one by one.
     */
    List<Resident> residents() throws IOException {
        List<Resident> residents = new ArrayList<>();
        for (Entry entry : entries) {
            Optional<ProcessHandle> process = live(entry);
            if (process.isEmpty()) {
                continue;
            }
            List<ProcessHandle> children = counted(entry, process.get());
            long kb = withChildren(entry.pid(), children, StackProcesses::rssKb);
            residents.add(new Resident(entry.name(), entry.pid(), kb, children.size()));
        }
        return residents;
    }

    /**
     * The CPU time each live process of the stack has used so far, in clock ticks ({@code /proc/<pid>/stat}: user plus
     * system), by name in the file's order; PostgreSQL with its children, as {@link #residents()} counts them. Empty
     * where {@code /proc} cannot be read.
     */
    Map<String, Long> cpuTicks() throws IOException {
        Map<String, Long> ticks = new LinkedHashMap<>();
        for (Entry entry : entries) {
            Optional<ProcessHandle> process = live(entry);
            if (process.isEmpty()) {
                continue;
            }
            long used = withChildren(entry.pid(), counted(entry, process.get()), StackProcesses::ticksOf);
            if (used >= 0) {
                ticks.put(entry.name(), used);
            }
        }
        return ticks;
    }

    /** A figure of a process read from {@code /proc}; -1 when it cannot be read. */
    @FunctionalInterface
    private interface PerProcess {
        long of(long pid) throws IOException;
    }

    /** The children counted with a process: PostgreSQL's (its backends, the WAL writer, ...), none of the others. */
    private static List<ProcessHandle> counted(Entry entry, ProcessHandle process) {
        return entry.name().equals(POSTGRES) ? process.children().toList() : List.of();
    }

    /** {@code figure} of {@code pid} plus its {@code children}'s, or -1 when the process's own cannot be read. */
    private static long withChildren(long pid, List<ProcessHandle> children, PerProcess figure) throws IOException {
        long sum = figure.of(pid);
        if (sum < 0) {
            return sum;
        }
        for (ProcessHandle child : children) {
            // a backend that ended since it was listed counts nothing
            sum += Math.max(0, figure.of(child.pid()));
        }
        return sum;
    }

    /**
     * User plus system time in clock ticks of a {@code /proc/<pid>/stat} line (its 14th and 15th fields, counted after
     * the command name, which may itself hold spaces and parentheses); -1 when the line is not one.
     */
    static long statTicks(String stat) {
        int end = stat.lastIndexOf(')');
        if (end < 0) {
            return -1;
        }
        String[] fields = stat.substring(end + 1).strip().split("\\s+");
        if (fields.length < 13) {
            return -1;
        }
        try {
            return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static long ticksOf(long pid) throws IOException {
        try {
            return statTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return -1;
        }
    }

    /**
     * The engines' ready file of this stack: the {@code runs/<time>/engines.ready} whose {@code pid} is the engines
     * process the pids file names. It holds the endpoints the launcher hands every service (ONSALE_DB_URL, ...).
     */
    Optional<Properties> enginesReady() throws IOException {
        Optional<Entry> engines =
                entries.stream().filter(e -> e.name().equals(ENGINES)).findFirst();
        Path runs = stateDir.resolve("runs");
        if (engines.isEmpty() || !Files.isDirectory(runs)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(runs)) {
            for (Path ready : dirs.map(dir -> dir.resolve("engines.ready")).toList()) {
                if (Files.isRegularFile(ready)) {
                    Properties properties = new Properties();
                    try (Reader reader = Files.newBufferedReader(ready, StandardCharsets.ISO_8859_1)) {
                        properties.load(reader);
                    }
                    if (String.valueOf(engines.get().pid()).equals(properties.getProperty("pid"))) {
                        return Optional.of(properties);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The VmRSS of {@code pid} in kB; -1 when it cannot be read (the process is gone, or this is not Linux). */
    private static long rssKb(long pid) throws IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            return vmRssKb(Files.readString(status, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return -1;
        }
    }
}
