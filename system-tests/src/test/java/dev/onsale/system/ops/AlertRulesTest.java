package dev.onsale.system.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The alert rules and the sale-day dashboard under {@code monitoring/}: the alerts are the ones the runbook
 * explains, each has unit tests that fire it and keep it quiet, every metric they and the dashboard read is one
 * the services register, and, where {@code promtool} is installed (`.ci/run` installs it), the rules, their unit
 * tests, the compose Prometheus configuration and every dashboard query pass it.
 */
class AlertRulesTest {

    static final String RULES = "monitoring/prometheus/onsale-alerts.yml";
    static final String RULE_TESTS = "monitoring/prometheus/onsale-alerts.test.yml";
    static final String PROMETHEUS = "monitoring/prometheus/prometheus.yml";
    static final String DASHBOARD = "monitoring/grafana/dashboards/onsale.json";
    static final String RUNBOOK = "docs/runbook.md";

    /** What the article says to watch on sale day, and the targets themselves. */
    private static final Set<String> ALERTS = Set.of(
            "OnsaleOversold",
            "OnsaleLineStalled",
            "OnsaleHoldsNearCapacity",
            "OnsaleHoldReleaseLag",
            "OnsalePaymentErrorRate",
            "OnsaleProviderThrottling",
            "OnsaleOutboxLag",
            "OnsaleReplicationSlotLag",
            "OnsaleReconciliationDrift",
            "OnsaleReconciliationStale",
            "OnsaleTargetDown");

    private static final Pattern METRIC = Pattern.compile("\\b(onsale_[a-z0-9_]+)\\b");
    /** A meter name as the code spells it: a string literal {@code "onsale.a.b"}. */
    private static final Pattern METER = Pattern.compile("\"(onsale(?:\\.[a-z0-9]+)+)\"");
    /** What the Prometheus registry appends to a meter's name, by its type and base unit. */
    private static final List<String> SUFFIXES = List.of(
            "",
            "_total",
            "_bytes",
            "_seconds",
            "_max",
            "_count",
            "_sum",
            "_bucket",
            "_seconds_max",
            "_seconds_count",
            "_seconds_sum",
            "_seconds_bucket");

    @Test
    void theRulesAreTheAlertsTheRunbookExplainsEachWithSeveritySummaryAndItsRunbookSection() {
        Map<String, Map<String, Object>> alerts = alerts();
        assertThat(alerts.keySet()).containsExactlyInAnyOrderElementsOf(ALERTS);
        String runbook = Repo.read(RUNBOOK);
        alerts.forEach((name, rule) -> {
            Map<?, ?> labels = (Map<?, ?>) rule.get("labels");
            Map<?, ?> annotations = (Map<?, ?>) rule.get("annotations");
            assertThat(labels.get("severity")).as(name).isIn("page", "warning");
            assertThat(annotations.keySet().stream().map(String::valueOf))
                    .as(name)
                    .contains("summary", "description", "runbook_url");
            assertThat(annotations.get("runbook_url"))
                    .as(name)
                    .isEqualTo(RUNBOOK + "#" + name.toLowerCase(Locale.ROOT));
            assertThat(runbook).as("the runbook's section on " + name).containsPattern("(?m)^### " + name + "$");
        });
        assertThat(alerts.get("OnsaleOversold"))
                .as("an oversell pages at once")
                .doesNotContainKey("for")
                .extractingByKey("labels")
                .isEqualTo(Map.of("severity", "page"));
    }

    @Test
    void everyAlertHasAUnitTestThatFiresItAndOneWhereItStaysQuiet() {
        Set<String> fired = new TreeSet<>();
        Set<String> quiet = new TreeSet<>();
        Map<?, ?> tests = (Map<?, ?>) Repo.yaml(RULE_TESTS);
        assertThat(tests.get("rule_files"))
                .isEqualTo(List.of(Path.of(RULES).getFileName().toString()));
        for (Object test : (List<?>) tests.get("tests")) {
            for (Object check : (List<?>) ((Map<?, ?>) test).get("alert_rule_test")) {
                Map<?, ?> expectation = (Map<?, ?>) check;
                String alert = (String) expectation.get("alertname");
                ((List<?>) expectation.get("exp_alerts"))
                        .stream().findAny().ifPresentOrElse(any -> fired.add(alert), () -> quiet.add(alert));
            }
        }
        assertThat(fired).as("alerts some unit test fires").containsExactlyInAnyOrderElementsOf(ALERTS);
        assertThat(quiet).as("alerts some unit test keeps quiet").containsExactlyInAnyOrderElementsOf(ALERTS);
    }

    @Test
    void everyMetricTheAlertsAndTheDashboardReadIsOneTheServicesRegister() {
        Set<String> meters = meterNames();
        List<String> queries = new ArrayList<>();
        alerts().values().forEach(rule -> queries.add((String) rule.get("expr")));
        queries.addAll(dashboardQueries().values());
        Set<String> unknown = new TreeSet<>();
        for (String query : queries) {
            Matcher m = METRIC.matcher(query);
            while (m.find()) {
                String metric = m.group(1);
                if (SUFFIXES.stream()
                        .noneMatch(suffix -> metric.endsWith(suffix)
                                && meters.contains(metric.substring(0, metric.length() - suffix.length())))) {
                    unknown.add(metric);
                }
            }
        }
        assertThat(meters).as("meter names found in the code").hasSizeGreaterThan(40);
        assertThat(unknown).as("metrics no service registers").isEmpty();
    }

    @Test
    void theDashboardShowsTheLineTheLiveHoldsAndThePaymentErrorsFromItsOwnDataSource() {
        JsonNode dashboard = dashboard();
        Set<Integer> ids = new TreeSet<>();
        for (JsonNode panel : dashboard.path("panels")) {
            assertThat(ids.add(panel.path("id").asInt()))
                    .as("panel ids are unique")
                    .isTrue();
            if (!panel.path("type").asString().equals("row")) {
                assertThat(panel.path("datasource").path("uid").asString())
                        .as(panel.path("title").asString())
                        .isEqualTo("${datasource}");
                assertThat(panel.path("targets"))
                        .as(panel.path("title").asString())
                        .isNotEmpty();
            }
        }
        Map<String, String> queries = dashboardQueries();
        assertThat(queries.values())
                .anyMatch(q -> q.contains("onsale_queue_length"))
                .anyMatch(q -> q.contains("onsale_holds_active"))
                .anyMatch(q -> q.contains("onsale_payments_provider_calls_total{outcome=~\"timeout"));
    }

    @Test
    void promtoolPassesTheRulesTheirUnitTestsAndTheComposePrometheusConfiguration() {
        Path promtool = promtool();
        Path directory = Repo.ROOT.resolve(RULES).getParent();
        for (List<String> check : List.of(
                List.of("check", "rules", name(RULES)),
                List.of("test", "rules", name(RULE_TESTS)),
                List.of("check", "config", name(PROMETHEUS)))) {
            List<String> command = new ArrayList<>(List.of(promtool.toString()));
            command.addAll(check);
            Repo.Run run = Repo.run(directory, command.toArray(String[]::new));
            assertThat(run.exitCode())
                    .as(String.join(" ", check) + "\n" + run.output())
                    .isZero();
        }
    }

    @Test
    void promtoolParsesEveryDashboardQuery(@TempDir Path temp) throws IOException {
        Path promtool = promtool();
        StringBuilder rules = new StringBuilder("groups:\n  - name: dashboard\n    rules:\n");
        int i = 0;
        for (String query : dashboardQueries().values()) {
            String concrete = query.replace("$__rate_interval", "1m").replace("$event", ".*");
            rules.append("      - record: panel_query_")
                    .append(i++)
                    .append("\n        expr: '")
                    .append(concrete.replace("'", "''"))
                    .append("'\n");
        }
        Path file = Files.writeString(temp.resolve("dashboard-queries.yml"), rules);
        Repo.Run run = Repo.run(temp, promtool.toString(), "check", "rules", file.toString());
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).contains(i + " rules found");
    }

    /** The alerting rules by name, from every group. */
    static Map<String, Map<String, Object>> alerts() {
        Map<String, Map<String, Object>> alerts = new LinkedHashMap<>();
        for (Object group : (List<?>) ((Map<?, ?>) Repo.yaml(RULES)).get("groups")) {
            for (Object rule : (List<?>) ((Map<?, ?>) group).get("rules")) {
                @SuppressWarnings("unchecked")
                Map<String, Object> alert = (Map<String, Object>) rule;
                assertThat(alerts.put((String) alert.get("alert"), alert))
                        .as("alert names are unique")
                        .isNull();
            }
        }
        return alerts;
    }

    /** Every panel query of the dashboard, keyed by panel title and reference. */
    static Map<String, String> dashboardQueries() {
        Map<String, String> queries = new LinkedHashMap<>();
        for (JsonNode panel : dashboard().path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                queries.put(
                        panel.path("title").asString() + " "
                                + target.path("refId").asString(),
                        target.path("expr").asString());
            }
        }
        return queries;
    }

    private static JsonNode dashboard() {
        return JsonMapper.builder().build().readTree(Repo.read(DASHBOARD));
    }

    private static Set<String> meterNames() {
        Set<String> names = new TreeSet<>();
        for (Path source : Repo.mainSources()) {
            try {
                Matcher m = METER.matcher(Files.readString(source));
                while (m.find()) {
                    names.add(m.group(1).replace('.', '_'));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return names;
    }

    private static Path promtool() {
        var promtool = Repo.onPath("promtool");
        Assumptions.assumeTrue(
                promtool.isPresent(), "promtool is not installed (apt-get install prometheus); skipped here");
        return promtool.get();
    }

    private static String name(String path) {
        return Path.of(path).getFileName().toString();
    }
}
