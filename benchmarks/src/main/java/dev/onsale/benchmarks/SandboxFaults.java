package dev.onsale.benchmarks;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The payment provider's faults a rehearsal's sale meets, set on the payment sandbox through its settings
 * ({@code PUT /v1/sandbox/settings}) before the sale and put back as they were once it has settled: its TPS limit,
 * its latency, the shares of requests that time out or fail with a 500, and of webhooks lost or sent twice. Each is
 * an option; one not given leaves the sandbox's own setting as it is.
 *
 * @param settings the sandbox settings to change, by their JSON field, to the given value
 */
record SandboxFaults(Map<String, Object> settings) {

    /** Each fault's option and the sandbox setting it changes; a {@code -percent} option sets a share. */
    private static final Map<String, String> OPTIONS = options();

    /** No fault set: the sandbox is left alone. */
    static final SandboxFaults NONE = new SandboxFaults(Map.of());

    SandboxFaults {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    private static Map<String, String> options() {
        Map<String, String> options = new LinkedHashMap<>();
        options.put("provider-tps", "tps");
        options.put("provider-latency-ms", "latencyP50Ms");
        options.put("provider-latency-p99-ms", "latencyP99Ms");
        options.put("provider-timeout-percent", "timeoutShare");
        options.put("provider-5xx-percent", "serverErrorShare");
        options.put("webhook-loss-percent", "webhookLossShare");
        options.put("webhook-duplicate-percent", "webhookDuplicateShare");
        return options;
    }

    /** The faults given as options; throws naming the option when one is out of range. */
    static SandboxFaults of(Options options) {
        Map<String, Object> settings = new LinkedHashMap<>();
        for (Map.Entry<String, String> option : OPTIONS.entrySet()) {
            String name = option.getKey();
            if (options.text(name, null) == null) {
                continue;
            }
            try {
                if (name.endsWith("-percent")) {
                    double percent = options.decimal(name, 0);
                    require(percent >= 0 && percent <= 100, name, "between 0 and 100");
                    settings.put(option.getValue(), percent / 100);
                } else if (name.equals("provider-tps")) {
                    int tps = options.number(name, 0);
                    require(tps >= 1 && tps <= 100_000, name, "between 1 and 100000");
                    settings.put(option.getValue(), tps);
                } else {
                    long millis = Long.parseLong(options.text(name, "0"));
                    require(millis >= 0, name, "0 or more");
                    settings.put(option.getValue(), millis);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--" + name + " must be a number, not " + options.text(name, ""), e);
            }
        }
        Object p50 = settings.get("latencyP50Ms");
        Object p99 = settings.get("latencyP99Ms");
        if (p50 != null && p99 != null && (long) p99 < (long) p50) {
            throw new IllegalArgumentException("--provider-latency-p99-ms must not be below --provider-latency-ms");
        }
        return new SandboxFaults(settings);
    }

    private static void require(boolean ok, String name, String range) {
        if (!ok) {
            throw new IllegalArgumentException("--" + name + " must be " + range);
        }
    }

    boolean any() {
        return !settings.isEmpty();
    }

    /**
     * The settings to PUT over {@code current}: the faults, and the other latency bound moved where the sandbox's
     * rules need it (p99 no lower than p50; both 0 for no latency at all).
     */
    ObjectNode changes(JsonNode current) {
        ObjectNode changes = JsonMapper.builder().build().createObjectNode();
        settings.forEach((field, value) -> {
            switch (value) {
                case Integer n -> changes.put(field, n);
                case Long n -> changes.put(field, n);
                case Double n -> changes.put(field, n);
                default -> throw new IllegalStateException("a setting of an unexpected kind: " + value);
            }
        });
        if (changes.has("latencyP50Ms") && !changes.has("latencyP99Ms")) {
            long p50 = changes.get("latencyP50Ms").asLong();
            changes.put(
                    "latencyP99Ms",
                    p50 == 0 ? 0 : Math.max(p50, current.path("latencyP99Ms").asLong(p50)));
        } else if (changes.has("latencyP99Ms") && !changes.has("latencyP50Ms")) {
            long p99 = changes.get("latencyP99Ms").asLong();
            long p50 = current.path("latencyP50Ms").asLong(p99);
            changes.put("latencyP50Ms", p99 == 0 ? 0 : p50 == 0 ? Math.max(1, p99 / 8) : Math.min(p50, p99));
        }
        return changes;
    }

    /**
     * Sets the faults on {@code sandbox} (nothing when there are none); closing what it returns puts the settings
     * back as they were, as does the JVM's end if it comes first (a rehearsal stopped with Ctrl-C).
     */
    Applied apply(SandboxClient sandbox) throws IOException, InterruptedException {
        if (!any()) {
            return new Applied(sandbox, null);
        }
        JsonNode before = sandbox.settings();
        sandbox.putSettings(changes(before));
        System.out.println("payment sandbox: " + describe() + " for the sale (put back once it has settled)");
        return new Applied(sandbox, before);
    }

    /** Faults set on a sandbox, until closed. */
    static final class Applied implements AutoCloseable {

        private final SandboxClient sandbox;
        private final JsonNode before;
        private final Thread onExit;

        private Applied(SandboxClient sandbox, JsonNode before) {
            this.sandbox = sandbox;
            this.before = before;
            this.onExit = before == null ? null : new Thread(this::putBack, "sandbox settings");
            if (onExit != null) {
                Runtime.getRuntime().addShutdownHook(onExit);
            }
        }

        /** Puts the sandbox's settings back as they were before the sale. */
        @Override
        public void close() {
            if (onExit != null) {
                Runtime.getRuntime().removeShutdownHook(onExit);
                putBack();
                System.out.println("payment sandbox: its settings are back as they were");
            }
        }

        private void putBack() {
            try {
                sandbox.putSettings(before);
            } catch (IOException e) {
                System.out.println("payment sandbox: could not put its settings back (" + e + "): " + before);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** One line: each fault as its option says it, or that the sandbox's own settings stand. */
    String describe() {
        if (!any()) {
            return "the sandbox's own settings";
        }
        StringJoiner faults = new StringJoiner(", ");
        for (Map.Entry<String, String> option : OPTIONS.entrySet()) {
            Object value = settings.get(option.getValue());
            if (value != null) {
                faults.add(option.getKey() + "="
                        + (option.getKey().endsWith("-percent") ? trimmed((double) value * 100) : value));
            }
        }
        return faults.toString();
    }

    private static String trimmed(double percent) {
        return percent == Math.rint(percent) ? Long.toString((long) percent) : Double.toString(percent);
    }
}
