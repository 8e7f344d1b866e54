package dev.onsale.launcher;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Stopping processes politely, then firmly; reading the end of their logs. */
final class Processes {

    private static final Duration EXIT_POLL = Duration.ofMillis(50);
    private static final int MAX_LINE = 600;

    private Processes() {}

    /**
     * Sends SIGTERM to all at once, waits up to {@code grace} for them to exit, then SIGKILLs the rest.
     *
     * @return the processes that had to be killed
     */
    static List<ProcessHandle> stop(Collection<ProcessHandle> processes, Duration grace) {
        List<ProcessHandle> alive =
                processes.stream().filter(Processes::isRunning).toList();
        alive.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        List<ProcessHandle> killed = new ArrayList<>();
        for (ProcessHandle process : alive) {
            if (!awaitExit(process, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))) {
                process.destroyForcibly();
                killed.add(process);
            }
        }
        killed.forEach(p -> awaitExit(p, Duration.ofSeconds(5)));
        return killed;
    }

    /** Waits until the process has exited (a zombie counts as exited); true if it did within {@code timeout}. */
    static boolean awaitExit(ProcessHandle process, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (isRunning(process)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                process.onExit().get(EXIT_POLL.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                // poll again: a process that is not our child may linger as a zombie until its parent reaps it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return !isRunning(process);
            }
        }
        return true;
    }

    /** Alive and not a zombie (an exited process not yet reaped by its parent is reported alive by the JDK). */
    static boolean isRunning(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", String.valueOf(process.pid()), "stat"));
            int afterName = stat.lastIndexOf(')');
            return afterName < 0 || stat.length() < afterName + 3 || stat.charAt(afterName + 2) != 'Z';
        } catch (IOException e) {
            return process.isAlive();
        }
    }

    /** The last {@code lines} lines of a log file ("" when it does not exist). */
    static String tail(Path log, int lines) {
        if (!Files.isRegularFile(log)) {
            return "";
        }
        try (var file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            int chunk = (int) Math.min(length, 64 * 1024);
            byte[] bytes = new byte[chunk];
            file.seek(length - chunk);
            file.readFully(bytes);
            List<String> all = new String(bytes, StandardCharsets.UTF_8).lines().toList();
            return String.join(
                    "\n",
                    all.subList(Math.max(0, all.size() - lines), all.size()).stream()
                            .map(Processes::readable)
                            .toList());
        } catch (IOException e) {
            return "(could not read " + log + ": " + e.getMessage() + ")";
        }
    }

    /**
     * A log line short enough to read: a structured (JSON) line with a stack trace is cut to its start plus the
     * trace's "Caused by" lines, where the root cause is; any other line to {@value #MAX_LINE} characters.
     */
    static String readable(String line) {
        int trace = line.indexOf("\"stack_trace\":\"");
        if (trace < 0) {
            return line.length() <= MAX_LINE ? line : line.substring(0, MAX_LINE) + " ...";
        }
        var out = new StringBuilder(line.substring(0, Math.min(trace, MAX_LINE)));
        String[] frames = line.substring(trace).split("\\\\n");
        out.append("\n    ").append(frames[0].length() > MAX_LINE ? frames[0].substring(0, MAX_LINE) : frames[0]);
        for (String frame : frames) {
            if (frame.startsWith("Caused by:")) {
                out.append("\n    ").append(frame.length() > MAX_LINE ? frame.substring(0, MAX_LINE) : frame);
            }
        }
        return out.toString();
    }

    /** Resident set size in kB (from /proc), 0 when unknown. */
    static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
        return 0;
    }
}
