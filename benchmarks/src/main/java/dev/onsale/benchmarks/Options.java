package dev.onsale.benchmarks;

import java.util.HashMap;
import java.util.Map;

/** {@code --name=value} options with defaults; a bare {@code --name} is a flag, with the value "". */
record Options(Map<String, String> values) {

    static Options parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new IllegalArgumentException("options are --name=value or --flag, not " + arg);
            }
            int equals = arg.indexOf('=');
            values.put(
                    arg.substring(2, equals < 0 ? arg.length() : equals), equals < 0 ? "" : arg.substring(equals + 1));
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
        return values.containsKey(name) ? Integer.parseInt(given(name)) : fallback;
    }

    double decimal(String name, double fallback) {
        return values.containsKey(name) ? Double.parseDouble(given(name)) : fallback;
    }

    private String given(String name) {
        String value = values.get(name);
        if (value.isEmpty()) {
            throw new IllegalArgumentException("--" + name + " needs a value: --" + name + "=N");
        }
        return value;
    }
}
