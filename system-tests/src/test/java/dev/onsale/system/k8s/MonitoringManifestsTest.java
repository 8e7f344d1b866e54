package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.K8S;
import static dev.onsale.system.k8s.Cluster.REPO;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.containers;
import static dev.onsale.system.k8s.Nodes.contents;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Nodes.podLabels;
import static dev.onsale.system.k8s.Nodes.selects;
import static dev.onsale.system.k8s.Nodes.text;
import static dev.onsale.system.k8s.Repository.build;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code k8s/monitoring/} against what it carries and what it watches: the PrometheusRule's groups are
 * {@code monitoring/prometheus/onsale-alerts.yml}'s, the dashboard ConfigMap holds
 * {@code monitoring/grafana/dashboards/onsale.json}, and the PodMonitor selects every Onsale pod of every
 * build on a port each of them names.
 */
class MonitoringManifestsTest {

    private static final List<Manifest> MONITORING = Kustomize.build(K8S.resolve("monitoring"));

    @Test
    void thePrometheusRuleCarriesTheAlertRulesUnchanged() {
        Object rules = Yaml.loadAll(contents(REPO.resolve("monitoring/prometheus/onsale-alerts.yml")))
                .getFirst();
        assertThat(node(one("PrometheusRule").doc(), "spec", "groups")).isEqualTo(node(rules, "groups"));
    }

    @Test
    void theDashboardConfigMapCarriesTheDashboardUnchangedForGrafanasSidecar() {
        Manifest configMap = one("ConfigMap");
        assertThat(at(configMap.doc(), "metadata", "labels")).containsEntry("grafana_dashboard", "1");
        JsonMapper json = JsonMapper.builder().build();
        assertThat(json.readTree(text(node(configMap.doc(), "data", "onsale.json"))))
                .isEqualTo(json.readTree(contents(REPO.resolve("monitoring/grafana/dashboards/onsale.json"))));
    }

    @ParameterizedTest
    @EnumSource(Profile.class)
    void thePodMonitorScrapesEveryOnsalePodOnItsManagementPort(Profile profile) {
        Map<String, Object> spec = at(one("PodMonitor").doc(), "spec");
        Object endpoint = list(spec.get("podMetricsEndpoints")).getFirst();
        assertThat(text(node(endpoint, "path"))).isEqualTo("/actuator/prometheus");
        String port = text(node(endpoint, "port"));
        List<Manifest> deployments = build(profile).all("Deployment");
        assertThat(deployments).isNotEmpty();
        for (Manifest deployment : deployments) {
            assertThat(selects(spec.get("selector"), podLabels(deployment)))
                    .as(deployment.id() + " is selected")
                    .isTrue();
            assertThat(containers(deployment))
                    .as(deployment.id() + " names port " + port)
                    .anyMatch(c -> list(node(c, "ports")).stream().anyMatch(p -> port.equals(node(p, "name"))));
        }
    }

    private static Manifest one(String kind) {
        List<Manifest> found =
                MONITORING.stream().filter(m -> kind.equals(m.kind())).toList();
        assertThat(found).as(kind + " in k8s/monitoring").hasSize(1);
        return found.getFirst();
    }
}
