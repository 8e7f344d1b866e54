package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Breaker.broken;
import static dev.onsale.system.k8s.Cluster.GATEWAY;
import static dev.onsale.system.k8s.Cluster.JVM_OPTIONS;
import static dev.onsale.system.k8s.Cluster.LIVENESS;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.map;

import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule about a container (probes, ports, image, resources, security context, /tmp, heap, shutdown) run
 * against a deliberately broken copy of a build, so that none of them passes because it looks at nothing.
 */
class BrokenContainersTest {

    static Stream<Arguments> brokenContainers() {
        return Stream.of(
                broken(
                        "a readiness probe missing",
                        "readinessProbe",
                        m -> m.container(GATEWAY).remove("readinessProbe")),
                broken(
                        "a liveness probe on another path",
                        LIVENESS,
                        m -> at(m.container("queue-service"), "livenessProbe", "httpGet")
                                .put("path", "/actuator/health")),
                broken(
                        "a startup probe giving up after 30 s",
                        "startupProbe allows",
                        m -> m.probe("booking-service", "startupProbe").put("failureThreshold", 6L)),
                broken(
                        "a probe on a port the container does not declare",
                        "probe port",
                        m -> at(m.container("inventory-service"), "readinessProbe", "httpGet")
                                .put("port", "admin")),
                broken(
                        "actuator not moved to the probed port",
                        "MANAGEMENT_SERVER_PORT",
                        m -> m.removeEnv("inventory-service", "MANAGEMENT_SERVER_PORT")),
                broken(
                        "the HTTP port another than the service's",
                        "listens on 8083",
                        m -> m.port("booking-service", "http").put("containerPort", 8080L)),
                broken(
                        "SERVER_PORT disagreeing with the container port",
                        "SERVER_PORT",
                        m -> m.env("queue-service", "SERVER_PORT").put("value", "9999")),
                broken(
                        "an image tagged latest",
                        "latest",
                        m -> m.container(GATEWAY).put("image", "ghcr.io/onsale/gateway:latest")),
                broken(
                        "an image of another module",
                        "image",
                        m -> m.container("queue-service").put("image", "ghcr.io/onsale/gateway:0.1.0")),
                broken(
                        "no resource limits",
                        "limits.memory",
                        m -> at(m.container("payment-service"), "resources").remove("limits")),
                broken(
                        "a memory limit below the request",
                        "below its request",
                        m -> at(m.container("booking-service"), "resources", "limits")
                                .put("memory", "256Mi")),
                broken(
                        "a writable root filesystem",
                        "readOnlyRootFilesystem",
                        m -> m.security(GATEWAY).put("readOnlyRootFilesystem", false)),
                broken(
                        "privilege escalation allowed",
                        "allowPrivilegeEscalation",
                        m -> m.security("queue-service").put("allowPrivilegeEscalation", true)),
                broken(
                        "capabilities kept",
                        "drop ALL",
                        m -> m.security("inventory-service").remove("capabilities")),
                broken(
                        "root allowed",
                        "runAsNonRoot",
                        m -> m.security("booking-service").remove("runAsNonRoot")),
                broken(
                        "no /tmp volume",
                        "/tmp",
                        m -> m.container("payment-service").remove("volumeMounts")),
                broken(
                        "/tmp on a non-emptyDir volume",
                        "/tmp",
                        m -> map(list(m.pod(GATEWAY).get("volumes")).getFirst()).remove("emptyDir")),
                broken(
                        "no MaxRAMPercentage",
                        "MaxRAMPercentage",
                        m -> m.env(GATEWAY, JVM_OPTIONS).put("value", "-Xmx512m")),
                broken(
                        "no preStop pause",
                        "preStop",
                        m -> m.container("queue-service").remove("lifecycle")),
                broken(
                        "too short a grace period",
                        "terminationGracePeriodSeconds",
                        m -> m.pod(GATEWAY).put("terminationGracePeriodSeconds", 20L)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenContainers")
    void everyContainerRuleCatchesABrokenContainer(
            String what, Profile profile, Consumer<Breaker> breakIt, String expected) {
        Breaker.assertCaught(what, profile, breakIt, expected);
    }
}
