package dev.onsale.benchmarks;

import java.util.HashMap;
import java.util.Map;

/** {@code --name=value} options with defaults. */
record Options(Map<String, String> values) {

    static Options parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("options are --name=value, not " + arg);
            }
            values.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        return new Options(Map.copyOf(values));
    }

    /** These options, with {@code name} set to {@code value} unless it was given. */
    Options orElse(String name, String value) {
        Map<String, String> with = new HashMap<>(values);
        with.putIfAbsent(name, value);
        return new Options(Map.copyOf(with));
    }

    String text(String name, String fallback) {
        return values.getOrDefault(name, fallback);
    }

    int number(String name, int fallback) {
        return values.containsKey(name) ? Integer.parseInt(values.get(name)) : fallback;
    }

    double decimal(String name, double fallback) {
        return values.containsKey(name) ? Double.parseDouble(values.get(name)) : fallback;
    }
}
