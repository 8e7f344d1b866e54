package dev.onsale.benchmarks;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /**
     * As {@link #parse(String[])}, refusing an option not in {@code known}: a misspelt option would otherwise be
     * ignored and a run made with its default (a 5,000-buyer sale for {@code --buyer=10}).
     */
    static Options parse(String[] args, Set<String> known) {
        Options options = parse(args);
        Set<String> unknown = new TreeSet<>(options.values().keySet());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown option" + (unknown.size() > 1 ? "s" : "") + " --"
                    + String.join(", --", unknown) + "; ./onsale bench help lists them all");
        }
        return options;
    }

    /** Every {@code --name} in {@code usage}: the options a usage text documents. */
    static Set<String> namedIn(String usage) {
        Set<String> names = new TreeSet<>();
        Matcher name = Pattern.compile("--([a-z][a-z0-9-]*)").matcher(usage);
        while (name.find()) {
            names.add(name.group(1));
        }
        return Set.copyOf(names);
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
