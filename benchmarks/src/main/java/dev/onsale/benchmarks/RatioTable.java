package dev.onsale.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one table of {@code bench all}: a row per figure, the system's beside the raw engine's measured in the same run,
 * their ratio, and the project's target where it states one. The ratio is always the share of the raw figure the
 * system reached, so that 1 is the ceiling whichever way the figure points: system / raw for a rate, raw / system for a
 * time. A row that could not be measured says why instead. Prints as aligned plain text, and as JSON.
 *
 * @param heading lines printed above the table
 * @param rows    in the order they were measured
 */
record RatioTable(List<String> heading, List<Row> rows) {

    private static final List<String> COLUMNS = List.of("what", "system", "raw", "ratio", "target", "note");
    private static final String GAP = "  ";

    RatioTable {
        heading = List.copyOf(heading);
        rows = List.copyOf(rows);
    }

    /** An amount and its unit: {@code /s} (a rate), {@code s} or {@code ms} (a time), {@code MB}, {@code %}. */
    record Figure(double value, String unit) {

        Figure {
            if (!Double.isFinite(value)) {
                throw new IllegalArgumentException("not a figure: " + value + " " + unit);
            }
        }

        static Figure perSecond(double value) {
            return new Figure(value, "/s");
        }

        static Figure seconds(double value) {
            return new Figure(value, "s");
        }

        static Figure millis(double value) {
            return new Figure(value, "ms");
        }

        static Figure megabytes(double value) {
            return new Figure(value, "MB");
        }

        static Figure percent(double value) {
            return new Figure(value, "%");
        }

        String text() {
            return switch (unit) {
                case "/s" -> String.format(Locale.ROOT, "%,.0f/s", value);
                case "s" -> String.format(Locale.ROOT, "%,.2f s", value);
                case "%" -> String.format(Locale.ROOT, "%.2f %%", value);
                default -> String.format(Locale.ROOT, "%,.0f %s", value, unit);
            };
        }
    }

    /** A target the project states for a row, as it states it (e.g. {@code >= 0.15}), and whether this run met it. */
    record Target(String text, boolean met) {

        /** The ratio must reach {@code minimum} (the README's targets: progress 0.15 of raw ZRANK, holds 0.10 of raw EVALSHA). */
        static Target ratioAtLeast(double minimum, double ratio) {
            return new Target(String.format(Locale.ROOT, ">= %.2f", minimum), ratio >= minimum);
        }

        /** The system's figure must stay under {@code bound} (e.g. a join's p99 under 3 s). */
        static Target under(Figure bound, Figure figure) {
            return new Target("< " + bound.text(), figure.value() < bound.value());
        }

        String verdict() {
            return text + (met ? " met" : " MISSED");
        }
    }

    /**
     * One line of the table; {@code raw}, {@code ratio} and {@code target} are null where there is none, and
     * {@code system} too for a row that was not measured, whose note says why.
     */
    record Row(String what, Figure system, Figure raw, Double ratio, Target target, String note) {

        Row {
            // a raw figure of 0 gives no ratio, not an infinite one
            ratio = ratio == null || Double.isFinite(ratio) ? ratio : null;
        }

        /** A rate beside the raw engine's; the ratio is system / raw, checked against {@code minimum} if not null. */
        static Row rates(String what, double system, double raw, Double minimum, String note) {
            double ratio = system / raw;
            return new Row(
                    what,
                    Figure.perSecond(system),
                    Figure.perSecond(raw),
                    ratio,
                    minimum == null || !Double.isFinite(ratio) ? null : Target.ratioAtLeast(minimum, ratio),
                    note);
        }

        /** A time beside the raw engine's (or its lower bound); the ratio is raw / system. */
        static Row times(String what, double systemSeconds, double rawSeconds, String note) {
            return new Row(
                    what,
                    Figure.seconds(systemSeconds),
                    Figure.seconds(rawSeconds),
                    rawSeconds / systemSeconds,
                    null,
                    note);
        }

        /** A figure of the system alone (a latency, memory), with its target if the project states one. */
        static Row figure(String what, Figure system, Target target, String note) {
            return new Row(what, system, null, null, target, note);
        }

        static Row unmeasured(String what, String why) {
            return new Row(what, null, null, null, null, "not measured: " + why);
        }

        /** The row's cells as printed, in the order of {@link #COLUMNS}. */
        List<String> cells() {
            return List.of(
                    what,
                    system == null ? "-" : system.text(),
                    raw == null ? "-" : raw.text(),
                    ratio == null ? "-" : String.format(Locale.ROOT, "%.3f", ratio),
                    target == null ? "-" : target.verdict(),
                    note == null ? "" : note);
        }
    }

    /** The heading, then the table with every column but the last (the note) padded to its widest cell. */
    String text() {
        List<List<String>> lines = new ArrayList<>();
        lines.add(COLUMNS);
        rows.forEach(row -> lines.add(row.cells()));
        int[] widths = new int[COLUMNS.size()];
        for (List<String> line : lines) {
            for (int c = 0; c < widths.length; c++) {
                widths[c] = Math.max(widths[c], line.get(c).length());
            }
        }
        StringBuilder text = new StringBuilder();
        heading.forEach(line -> text.append(line).append('\n'));
        for (List<String> line : lines) {
            StringBuilder printed = new StringBuilder();
            for (int c = 0; c < widths.length; c++) {
                boolean number = c >= 1 && c <= 3;
                String cell = line.get(c);
                String pad = " ".repeat(widths[c] - cell.length());
                printed.append(c == widths.length - 1 ? cell : number ? pad + cell : cell + pad);
                printed.append(c == widths.length - 1 ? "" : GAP);
            }
            text.append(printed.toString().stripTrailing()).append('\n');
        }
        return text.toString();
    }

    /** The same table as JSON: the heading, and each row with its figures as numbers and units. */
    String json() {
        JsonMapper json = JsonMapper.builder().build();
        ObjectNode root = json.createObjectNode();
        ArrayNode lines = root.putArray("heading");
        heading.forEach(lines::add);
        ArrayNode array = root.putArray("rows");
        for (Row row : rows) {
            ObjectNode node = array.addObject();
            node.put("what", row.what());
            putFigure(node, "system", row.system());
            putFigure(node, "raw", row.raw());
            if (row.ratio() == null) {
                node.putNull("ratio");
            } else {
                node.put("ratio", row.ratio());
            }
            if (row.target() == null) {
                node.putNull("target");
            } else {
                node.putObject("target")
                        .put("text", row.target().text())
                        .put("met", row.target().met());
            }
            node.put("note", row.note());
        }
        return json.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    private static void putFigure(ObjectNode node, String name, Figure figure) {
        if (figure == null) {
            node.putNull(name);
        } else {
            node.putObject(name).put("value", figure.value()).put("unit", figure.unit());
        }
    }
}
