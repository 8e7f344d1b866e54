package dev.onsale.benchmarks;

import java.io.IOException;
import java.util.List;

/** The C load generators some benchmarks drive (wrk, redis-benchmark): started, and their exit checked. */
final class ExternalTools {

    private ExternalTools() {}

    /** Starts {@code command} with its errors in its output; {@code needs} says what to install when it is missing. */
    static Process start(List<String> command, String needs) {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new IllegalStateException(command.getFirst() + " is not installed: " + needs, e);
        }
    }

    /** {@code out}, what {@code process} printed, once it has exited 0; otherwise a failure quoting it. */
    static String succeeded(Process process, List<String> command, String out) throws InterruptedException {
        if (process.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + out);
        }
        return out;
    }
}
