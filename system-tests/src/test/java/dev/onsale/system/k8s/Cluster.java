package dev.onsale.system.k8s;

import dev.onsale.launcher.Service;
import java.nio.file.Path;

/** Where the manifests are, and the names and paths the rules and the tests share. */
final class Cluster {
    static final Path REPO =
            Path.of(System.getProperty("onsale.repo", "..")).toAbsolutePath().normalize();
    static final Path K8S = REPO.resolve("k8s");
    static final String NAMESPACE = "onsale";
    static final String SANDBOX = Service.PAYMENT_SANDBOX.module();
    static final String GATEWAY = Service.GATEWAY.module();
    static final String CONFIG_MAP = "onsale-config";
    static final String READINESS = "/actuator/health/readiness";
    static final String LIVENESS = "/actuator/health/liveness";
    static final String JVM_OPTIONS = "JAVA_TOOL_OPTIONS";

    private Cluster() {}
}
