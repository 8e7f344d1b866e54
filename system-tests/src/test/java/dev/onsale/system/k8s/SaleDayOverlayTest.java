package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.longOr;
import static dev.onsale.system.k8s.Repository.build;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The {@code sale-day} overlay against production: it raises the autoscalers' floors of the services the burst
 * reaches and changes nothing else, so that applying production after the peak undoes exactly what it did; the
 * raised floors stay within production's maxima. Every rule is also shown to refuse a broken copy.
 */
class SaleDayOverlayTest {

    /** The services the first minutes of a sale load: the burst's entrance, the line, the gate, the allocation. */
    private static final Set<String> RAISED =
            Set.of("gateway", "queue-service", "inventory-service", "booking-service");

    @Test
    void theSaleDayBuildIsProductionWithTheBurstsFloorsRaised() {
        assertThat(violations(build(Profile.PRODUCTION), build(Profile.SALE_DAY)))
                .isEmpty();
    }

    @Test
    void aFloorLeftAtProductionsOrRaisedBeyondItsMaximumIsRefused() {
        Build saleDay = build(Profile.SALE_DAY).copy();
        spec(saleDay, "queue-service").put("minReplicas", 3L);
        spec(saleDay, "gateway").put("minReplicas", 25L);
        assertThat(violations(build(Profile.PRODUCTION), saleDay))
                .containsExactlyInAnyOrder(
                        "queue-service: the floor 3 is not above production's 3",
                        "gateway: the floor 25 is above the maximum 24");
    }

    @Test
    void anythingElseChangedForTheSaleIsRefused() {
        Build saleDay = build(Profile.SALE_DAY).copy();
        spec(saleDay, "payment-service").put("minReplicas", 4L);
        spec(saleDay, "booking-service").put("maxReplicas", 16L);
        at(saleDay.find("ConfigMap", "onsale-config").orElseThrow().doc(), "data")
                .put("ONSALE_PAYMENT_PROVIDER_TPS", "500");
        assertThat(violations(build(Profile.PRODUCTION), saleDay))
                .containsExactlyInAnyOrder(
                        "payment-service: the floor changed, but the sale does not raise it",
                        "HorizontalPodAutoscaler/booking-service differs from production beyond minReplicas",
                        "ConfigMap/onsale-config differs from production beyond minReplicas");
    }

    private static List<String> violations(Build production, Build saleDay) {
        List<String> violations = new ArrayList<>();
        Map<String, Manifest> expected = new TreeMap<>();
        production.manifests().forEach(m -> expected.put(m.id(), m));
        Map<String, Manifest> actual = new TreeMap<>();
        saleDay.manifests().forEach(m -> actual.put(m.id(), m));
        if (!expected.keySet().equals(actual.keySet())) {
            violations.add("objects differ from production's: " + expected.keySet() + " vs " + actual.keySet());
        }
        for (Manifest m : saleDay.manifests()) {
            Manifest before = expected.get(m.id());
            if (before == null) {
                continue;
            }
            if (!withoutFloor(before).equals(withoutFloor(m))) {
                violations.add(m.id() + " differs from production beyond minReplicas");
                continue;
            }
            if (!"HorizontalPodAutoscaler".equals(m.kind())) {
                continue;
            }
            long floor = longOr(at(m.doc(), "spec").get("minReplicas"), 1);
            long productionFloor = longOr(at(before.doc(), "spec").get("minReplicas"), 1);
            long maximum = longOr(at(m.doc(), "spec").get("maxReplicas"), 0);
            if (RAISED.contains(m.name())) {
                if (floor <= productionFloor) {
                    violations.add(m.name() + ": the floor " + floor + " is not above production's " + productionFloor);
                }
                if (floor > maximum) {
                    violations.add(m.name() + ": the floor " + floor + " is above the maximum " + maximum);
                }
            } else if (floor != productionFloor) {
                violations.add(m.name() + ": the floor changed, but the sale does not raise it");
            }
        }
        return violations;
    }

    private static Map<String, Object> withoutFloor(Manifest m) {
        Build one = new Build("copy", Profile.SALE_DAY, List.of(m)).copy();
        Map<String, Object> doc = one.manifests().getFirst().doc();
        if ("HorizontalPodAutoscaler".equals(m.kind())) {
            at(doc, "spec").remove("minReplicas");
        }
        return doc;
    }

    private static Map<String, Object> spec(Build build, String autoscaler) {
        return at(
                build.find("HorizontalPodAutoscaler", autoscaler).orElseThrow().doc(), "spec");
    }
}
