package dev.onsale.benchmarks;

import dev.onsale.benchmarks.Timeline.Sample;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A rehearsal's report as one page that opens offline: the verdict, every check of the audit, the run's settings,
 * the sale over time as charts drawn here ({@link SvgChart}), and the latency of each step. Self-contained: its
 * style is inline, its charts are inline SVG, it loads nothing and runs no script. Every text is escaped and the
 * markup is well-formed XML as well as HTML, so that a test can parse it. Every figure on it is in the JSON report.
 */
final class RehearsalPage {

    /** A series of a chart: its name, and its value at a sample (null where the sample has none). */
    private record Line(String name, Function<Sample, Number> value) {}

    private static final String STYLE = """
            body { font-family: sans-serif; margin: 24px; color: #222; max-width: 1180px; }
            h1 { font-size: 22px; margin-bottom: 4px; }
            h2 { font-size: 18px; margin-top: 28px; border-bottom: 1px solid #ccc; }
            .verdict { font-size: 18px; font-weight: bold; padding: 10px 14px; border-radius: 4px; }
            .passed { background: #e3f4e8; color: #14532d; }
            .failed { background: #fde8e8; color: #7f1d1d; }
            table { border-collapse: collapse; font-size: 13px; }
            th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
            td.number { text-align: right; font-variant-numeric: tabular-nums; }
            .charts { display: flex; flex-wrap: wrap; gap: 12px; }
            .charts svg { border: 1px solid #eee; max-width: 100%; height: auto; }
            .note { color: #555; font-size: 13px; }
            """;

    private RehearsalPage() {}

    /**
     * The page of a rehearsal reported as {@code name} (its files' name without the extension); {@code setup} is
     * more of the run's settings, each a row under the sale's own (the buyers' behaviours, the provider's faults).
     */
    static String render(
            String name,
            SaleBenchmark.SaleRun sale,
            Map<String, String> setup,
            List<Audit.Check> checks,
            List<Sample> timeline,
            List<Chaos.Fault> faults,
            List<CallFigures.Step> steps) {
        StringBuilder page =
                new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n");
        page.append("<title>").append(Html.escape(name)).append("</title>\n");
        page.append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
        page.append("<h1>Rehearsal of event ")
                .append(Html.escape(sale.eventId().toString()))
                .append("</h1>\n");
        page.append("<p class=\"note\">").append(Html.escape(name)).append("</p>\n");
        List<String> failed =
                checks.stream().filter(c -> !c.passed()).map(Audit.Check::name).toList();
        page.append(
                failed.isEmpty()
                        ? "<p class=\"verdict passed\">Passed: all %d checks held.</p>\n".formatted(checks.size())
                        : "<p class=\"verdict failed\">FAILED: %s</p>\n"
                                .formatted(Html.escape(String.join(", ", failed))));

        page.append("<h2>Audit</h2>\n<table>\n<thead><tr><th>result</th><th>check</th><th>detail</th></tr></thead>\n"
                + "<tbody>\n");
        for (Audit.Check check : checks) {
            page.append("<tr class=\"%s\"><td>%s</td><td>%s</td><td>%s</td></tr>\n"
                    .formatted(
                            check.passed() ? "passed" : "failed",
                            check.passed() ? "ok" : "FAIL",
                            Html.escape(check.name()),
                            Html.escape(check.detail())));
        }
        page.append("</tbody>\n</table>\n");

        page.append("<h2>The run</h2>\n<table>\n<tbody>\n");
        row(page, "buyers", Integer.toString(sale.buyers()));
        row(page, "seats", Integer.toString(sale.seats()));
        row(page, "arrival", "within %d s".formatted(sale.arrivalSeconds()));
        row(page, "hold TTL", sale.holdTtlSeconds() + " s");
        row(page, "share of buyers who pay", String.format(Locale.ROOT, "%.0f%%", sale.payShare() * 100));
        setup.forEach((setting, value) -> row(page, setting, value));
        row(page, "the sale took", String.format(Locale.ROOT, "%.1f s", sale.seconds()));
        row(page, "requests", Long.toString(sale.totals().requests()));
        row(page, "answered 503", Long.toString(sale.totals().unavailable()));
        row(page, "no answer or no connection", Long.toString(sale.totals().unanswered()));
        row(page, "sold out for good", Boolean.toString(sale.soldOut()));
        row(page, "how the buyers ended", sale.endings().toString());
        page.append("</tbody>\n</table>\n");

        page.append("<h2>Over time</h2>\n<p class=\"note\">One sample a second, from the moment the event existed"
                + " (before the first buyer arrived) until the audit began; the dashboard's figures as it answered"
                + " them, the buyers' as they counted them. A sample the dashboard did not answer (in the JSON report"
                + " with the reason) has no point on its lines, which join the samples either side.");
        if (!faults.isEmpty()) {
            page.append(" A shaded band is a fault's window: from the moment it was asked for until %.0f s after it was"
                            .formatted(Chaos.RECOVERY_SECONDS)
                    + " over; the audit counts the 503s inside one apart.");
        }
        page.append("</p>\n<div class=\"charts\">\n");
        charts(timeline, faults).forEach(chart -> page.append(chart).append('\n'));
        page.append("</div>\n");

        page.append("<h2>Latency per step</h2>\n<table>\n<thead><tr><th>step</th><th>requests</th><th>p50 ms</th>"
                + "<th>p95 ms</th><th>p99 ms</th><th>max ms</th><th>answers</th></tr></thead>\n<tbody>\n");
        for (CallFigures.Step step : steps) {
            page.append("<tr><td>%s</td><td class=\"number\">%d</td>%s%s%s%s<td>%s</td></tr>\n"
                    .formatted(
                            Html.escape(step.call()),
                            step.requests(),
                            millis(step.p50Ms()),
                            millis(step.p95Ms()),
                            millis(step.p99Ms()),
                            millis(step.maxMs()),
                            Html.escape(step.answers().toString())));
        }
        return page.append("</tbody>\n</table>\n</body>\n</html>\n").toString();
    }

    private static List<String> charts(List<Sample> timeline, List<Chaos.Fault> faults) {
        List<String> charts = new ArrayList<>();
        charts.add(chart(
                timeline,
                faults,
                "Waiting room",
                new Line("line length", s -> s.dashboard().queueLength()),
                new Line("admitted", s -> s.dashboard().admitted()),
                new Line("active buyers", s -> s.dashboard().activeBuyers())));
        charts.add(chart(
                timeline,
                faults,
                "Seats",
                new Line("available", s -> s.dashboard().available()),
                new Line("live holds", s -> s.dashboard().liveHolds()),
                new Line("sold", s -> s.dashboard().sold()),
                new Line("capacity", s -> s.dashboard().capacity())));
        charts.add(chart(
                timeline,
                faults,
                "Payments",
                new Line("queued", s -> s.dashboard().paymentsQueued()),
                new Line("in flight", s -> s.dashboard().paymentsInFlight()),
                new Line("accepted (202) so far", s -> s.buyers().paymentsAccepted()),
                new Line("refused so far", s -> s.buyers().paymentsRefused()),
                new Line("confirmed so far", s -> s.buyers().paid())));
        List<Line> errors = new ArrayList<>();
        errors.add(new Line("provider errors, last minute", s -> s.dashboard().providerErrorsLastMinute()));
        TreeSet<String> outcomes = new TreeSet<>();
        timeline.forEach(s -> outcomes.addAll(
                s.dashboard().providerErrorsLastMinuteByOutcome().keySet()));
        for (String outcome : outcomes) {
            errors.add(new Line(
                    "provider " + outcome + ", last minute",
                    s -> s.dashboard().providerErrorsLastMinuteByOutcome().get(outcome)));
        }
        errors.add(new Line("buyers' 429s in the second", s -> s.sincePrevious().tooMany()));
        charts.add(chart(timeline, faults, "Provider errors and 429s", errors.toArray(Line[]::new)));
        charts.add(chart(
                timeline,
                faults,
                "503s and unanswered requests",
                new Line("503s in the second", s -> s.sincePrevious().unavailable()),
                new Line("503s so far", s -> s.buyers().unavailable()),
                new Line("no answer in the second", s -> s.sincePrevious().unanswered())));
        charts.add(chart(
                timeline,
                faults,
                "Buyers' requests per second",
                new Line("requests", s -> s.sincePrevious().requests())));
        charts.add(chart(
                timeline,
                faults,
                "How buyers ended, so far",
                new Line("paid", s -> s.buyers().paid()),
                new Line("held and walked away", s -> s.buyers().walkedAway()),
                new Line("sold out", s -> s.buyers().soldOut()),
                new Line("all who ended", s -> s.buyers().ended())));
        return charts;
    }

    private static String chart(List<Sample> timeline, List<Chaos.Fault> faults, String title, Line... lines) {
        SvgChart chart = new SvgChart(title, "seconds since the event existed");
        for (Line line : lines) {
            List<SvgChart.Point> points = new ArrayList<>();
            for (Sample sample : timeline) {
                Number value = line.value().apply(sample);
                if (value != null) {
                    points.add(new SvgChart.Point(sample.second(), value.doubleValue()));
                }
            }
            chart.series(line.name(), points);
        }
        timeline.stream()
                .filter(s -> s.stage() == Timeline.Stage.SETTLING)
                .findFirst()
                .ifPresent(s -> chart.marker(s.second(), "settling"));
        faults.forEach(f -> chart.band(f.askedSecond(), f.endedSecond() + Chaos.RECOVERY_SECONDS, f.request()));
        return chart.render();
    }

    private static void row(StringBuilder page, String name, String value) {
        page.append("<tr><th>%s</th><td>%s</td></tr>\n".formatted(Html.escape(name), Html.escape(value)));
    }

    private static String millis(double value) {
        return String.format(Locale.ROOT, "<td class=\"number\">%.1f</td>", value);
    }
}
