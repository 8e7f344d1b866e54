package dev.onsale.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code <stateDir>/stack.pids}: every process of the running stack, one {@code name=pid startMillis} a line,
 * rewritten atomically whenever a pid becomes known, so that {@code down} can clean up after a launcher
 * that was killed outright. The start time guards against killing an unrelated process that reused a pid.
 */
final class PidsFile {

    static final String NAME = "stack.pids";
    private static final Duration START_TOLERANCE = Duration.ofSeconds(1);

    private final Path file;
    private final Map<String, Entry> entries = new LinkedHashMap<>();

    /** One recorded process; {@code startedAt} is null when it was not known. */
    record Entry(String name, long pid, Instant startedAt) {

        static Entry of(String name, ProcessHandle process) {
            return new Entry(name, process.pid(), process.info().startInstant().orElse(null));
        }

        /** The live process this entry names, if it is still the same process. */
        Optional<ProcessHandle> live() {
            if (pid <= 0) {
                return Optional.empty();
            }
            return ProcessHandle.of(pid).filter(Processes::isRunning).filter(p -> {
                if (startedAt == null) {
                    return true;
                }
                return p.info()
                        .startInstant()
                        .map(s -> Duration.between(s, startedAt).abs().compareTo(START_TOLERANCE) <= 0)
                        .orElse(true);
            });
        }
    }

    PidsFile(Path stateDir) {
        this.file = stateDir.resolve(NAME);
    }

    Path path() {
        return file;
    }

    synchronized void record(Entry entry) {
        entries.put(entry.name(), entry);
        write();
    }

    synchronized List<Entry> entries() {
        return List.copyOf(entries.values());
    }

    synchronized void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The entries of an existing file, in the order they were recorded; empty when there is none. */
    static List<Entry> read(Path stateDir) {
        Path file = stateDir.resolve(NAME);
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        List<Entry> entries = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                parse(line).ifPresent(entries::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }

    static Optional<Entry> parse(String line) {
        String trimmed = line.trim();
        int eq = trimmed.indexOf('=');
        if (trimmed.isEmpty() || trimmed.startsWith("#") || eq <= 0) {
            return Optional.empty();
        }
        String[] parts = trimmed.substring(eq + 1).trim().split("\\s+");
        try {
            long pid = Long.parseLong(parts[0]);
            Instant started =
                    parts.length > 1 && !parts[1].equals("-") ? Instant.ofEpochMilli(Long.parseLong(parts[1])) : null;
            return Optional.of(new Entry(trimmed.substring(0, eq).trim(), pid, started));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    static String format(Entry entry) {
        return entry.name() + "=" + entry.pid() + " "
                + (entry.startedAt() == null
                        ? "-"
                        : String.valueOf(entry.startedAt().toEpochMilli()));
    }

    private void write() {
        var text = new StringBuilder("# processes of the running onsale stack: name=pid startEpochMillis\n");
        entries.values().forEach(e -> text.append(format(e)).append('\n'));
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), NAME, ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
