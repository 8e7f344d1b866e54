package dev.onsale.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StackConfigTest {

    private final StackConfig defaults = StackConfig.defaults(Path.of("/repo"), Map.of());

    @Test
    void freePortsAreDistinctForEveryServiceAndActuatorEveryTime() {
        for (int run = 0; run < 200; run++) {
            StackConfig config = defaults.withFreePorts();
            var ports = new HashSet<Integer>();
            for (Service service : Service.values()) {
                assertThat(ports.add(config.port(service)))
                        .as("port of %s", service)
                        .isTrue();
                assertThat(ports.add(config.managementPort(service)))
                        .as("actuator port of %s", service)
                        .isTrue();
            }
        }
    }

    @Test
    void defaultsAreTheDocumentedLocalPortsAndTokens() {
        assertThat(defaults.port(Service.GATEWAY)).isEqualTo(8080);
        assertThat(defaults.port(Service.QUEUE)).isEqualTo(8081);
        assertThat(defaults.port(Service.INVENTORY)).isEqualTo(8082);
        assertThat(defaults.port(Service.BOOKING)).isEqualTo(8083);
        assertThat(defaults.port(Service.PAYMENT)).isEqualTo(8084);
        assertThat(List.of(defaults.kafkaPort(), defaults.postgresPort(), defaults.redisPort()))
                .containsExactly(19092, 15432, 16379);
        assertThat(defaults.adminToken()).isEqualTo("local-admin-token");
        assertThat(defaults.auditorToken()).isEqualTo("local-auditor-token");
        assertThat(defaults.readinessTimeout()).isEqualTo(Duration.ofSeconds(180));
        assertThat(defaults.stateDir()).isEqualTo(Path.of("/repo/.onsale"));
    }

    @Test
    void tokensSessionKeyAndAdmissionKeyComeFromTheEnvironmentWhenSet() {
        var config = StackConfig.defaults(
                Path.of("/repo"),
                Map.of(
                        "ONSALE_ADMIN_TOKEN",
                        "a-secret",
                        "ONSALE_AUDITOR_TOKEN",
                        "b-secret",
                        "ONSALE_SESSION_KEY",
                        "k".repeat(40),
                        "ONSALE_ADMISSION_KEY",
                        "q".repeat(40)));
        assertThat(config.adminToken()).isEqualTo("a-secret");
        assertThat(config.auditorToken()).isEqualTo("b-secret");
        assertThat(config.sessionKey()).isEqualTo("k".repeat(40));
        assertThat(config.admissionKey()).isEqualTo("q".repeat(40));
    }

    @Test
    void aPrintedConfigurationShowsNoTokenAndNoKey() {
        var config = StackConfig.defaults(
                Path.of("/repo"), Map.of("ONSALE_ADMIN_TOKEN", "a-secret", "ONSALE_IDENTITY_KEY", "i".repeat(40)));

        assertThat(config.toString())
                .doesNotContain("a-secret", "i".repeat(40), config.sessionKey(), config.admissionKey())
                .doesNotContain(config.auditorToken())
                .contains("not shown");
    }

    @Test
    void eachRunGetsItsOwnRandomSessionAndAdmissionKeysOfAtLeast32Bytes() {
        var other = StackConfig.defaults(Path.of("/repo"), Map.of());
        assertThat(defaults.sessionKey()).hasSizeGreaterThanOrEqualTo(32).isNotEqualTo(other.sessionKey());
        assertThat(defaults.admissionKey())
                .hasSizeGreaterThanOrEqualTo(32)
                .isNotEqualTo(other.admissionKey())
                .isNotEqualTo(defaults.sessionKey());
    }

    @Test
    void theStackIsOffTheNetworkByDefaultAndOnlyTheGatewayCanBeOpened() {
        for (Service service : Service.values()) {
            assertThat(defaults.address(service)).as(service.module()).isEqualTo("127.0.0.1");
        }
        var open = StackConfig.parse(defaults, List.of("--gateway-address=0.0.0.0"));
        assertThat(open.address(Service.GATEWAY)).isEqualTo("0.0.0.0");
        for (Service service : Service.values()) {
            if (service != Service.GATEWAY) {
                assertThat(open.address(service)).as(service.module()).isEqualTo("127.0.0.1");
            }
        }
        for (String refused : List.of("everywhere", "192.168.1.5")) {
            assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("--gateway-address=" + refused)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("gateway address");
        }
    }

    @Test
    void actuatorsHaveTheirOwnPortsWhichOptionsMoveAndClashesAreFound() {
        assertThat(Service.values())
                .extracting(defaults::managementPort)
                .containsExactly(18081, 18082, 18083, 18084, 18090, 18080);
        var moved = StackConfig.parse(defaults, List.of("--booking-management-port=28083"));
        assertThat(moved.managementPort(Service.BOOKING)).isEqualTo(28083);
        assertThat(moved.ports().portsToCheck()).containsEntry(28083, "booking-service management");
        assertThat(StackConfig.parse(defaults, List.of("--queue-management-port=8083"))
                        .ports()
                        .duplicatePorts())
                .hasValueSatisfying(
                        message -> assertThat(message).contains("8083", "booking-service", "queue-service management"));
    }

    @Test
    void eachRunGetsItsOwnIdentityKeyUnlessTheEnvironmentNamesOne() {
        var other = StackConfig.defaults(Path.of("/repo"), Map.of());
        assertThat(defaults.identityKey())
                .hasSizeGreaterThanOrEqualTo(32)
                .isNotEqualTo(other.identityKey())
                .isNotEqualTo(defaults.sessionKey())
                .isNotEqualTo(defaults.admissionKey());
        assertThat(StackConfig.defaults(Path.of("/repo"), Map.of("ONSALE_IDENTITY_KEY", "i".repeat(40)))
                        .identityKey())
                .isEqualTo("i".repeat(40));
        assertThatThrownBy(() -> StackConfig.defaults(Path.of("/repo"), Map.of("ONSALE_IDENTITY_KEY", "short")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("identity key");
    }

    @Test
    void anAdmissionKeyShorterThan32BytesIsRefused() {
        assertThatThrownBy(() -> StackConfig.defaults(Path.of("/repo"), Map.of("ONSALE_ADMISSION_KEY", "short")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("admission key");
    }

    @Test
    void theAdmissionKeySurvivesEveryOption() {
        var config = StackConfig.parse(defaults, List.of("--gateway-port=9080", "--timeout=60", "--state-dir=/tmp/x"))
                .withFreePorts();
        assertThat(config.admissionKey()).isEqualTo(defaults.admissionKey());
    }

    @Test
    void optionsOverridePortsTimeoutAndJvmOptions() {
        var config = StackConfig.parse(
                defaults,
                List.of(
                        "--gateway-port=9080",
                        "--payment-port=9084",
                        "--kafka-port=0",
                        "--redis-port=26379",
                        "--timeout=60",
                        "--jvm-opts=-Xmx256m -XX:+UseSerialGC"));
        assertThat(config.port(Service.GATEWAY)).isEqualTo(9080);
        assertThat(config.port(Service.PAYMENT)).isEqualTo(9084);
        assertThat(config.port(Service.QUEUE)).isEqualTo(8081);
        assertThat(config.kafkaPort()).isZero();
        assertThat(config.redisPort()).isEqualTo(26379);
        assertThat(config.readinessTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.serviceJvmOptions()).containsExactly("-Xmx256m", "-XX:+UseSerialGC");
        assertThat(config.jvmOptionsOf(Service.QUEUE)).containsExactly("-Xmx256m", "-XX:+UseSerialGC");
        assertThat(config.jvmOptionsOf(Service.GATEWAY)).isEqualTo(defaults.jvmOptionsOf(Service.GATEWAY));

        var gateway = StackConfig.parse(defaults, List.of("--gateway-jvm-opts=-Xmx200m"));
        assertThat(gateway.jvmOptionsOf(Service.GATEWAY)).containsExactly("-Xmx200m");
        assertThat(gateway.jvmOptionsOf(Service.BOOKING)).isEqualTo(defaults.jvmOptionsOf(Service.BOOKING));
    }

    @Test
    void theGatewayAndTheHotPathRunTheFullJitAndTheOtherServicesC1Only() {
        for (Service fullJit : List.of(Service.GATEWAY, Service.QUEUE, Service.INVENTORY)) {
            assertThat(defaults.jvmOptionsOf(fullJit))
                    .as(fullJit.name())
                    .noneMatch(option -> option.startsWith("-XX:TieredStopAtLevel"));
        }
        assertThat(defaults.jvmOptionsOf(Service.BOOKING)).contains("-XX:TieredStopAtLevel=1");
        assertThat(defaults.jvmOptionsOf(Service.PAYMENT)).contains("-XX:TieredStopAtLevel=1");
        assertThat(defaults.jvmOptionsOf(Service.INVENTORY)).contains("-Xmx768m", "-XX:+UseParallelGC");
    }

    @Test
    void theGatewayHasAHeapOfItsOwnSizeAndTheParallelCollector() {
        assertThat(defaults.jvmOptionsOf(Service.GATEWAY))
                .contains("-Xmx1g", "-XX:+UseParallelGC")
                .doesNotContain("-XX:+UseSerialGC");
        assertThat(defaults.jvmOptionsOf(Service.BOOKING)).contains("-Xmx384m", "-XX:+UseSerialGC");
    }

    @Test
    void unknownOptionsAndBadNumbersAreRejectedWithTheirName() {
        assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("--gatway-port=1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--gatway-port");
        assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("--gateway-port=abc")))
                .hasMessageContaining("--gateway-port must be a number");
        assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("--redis-port=70000")))
                .hasMessageContaining("between 0 and 65535");
        assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("--gateway-port=0")))
                .hasMessageContaining("gateway port out of range");
        assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("--timeout=0")))
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("verbose")))
                .hasMessageContaining("unknown argument: verbose");
    }

    @Test
    void theEnginesAreOneBrokerAndOneRedisUnlessBrokersAndAClusterAreAskedFor() {
        assertThat(defaults.engineShape()).isEqualTo(EngineShape.SINGLE);
        assertThat(defaults.engineShape().enginesArguments()).containsExactly("--kafka-brokers=1", "--redis-cluster=0");

        var distributed =
                StackConfig.parse(defaults, List.of("--kafka-brokers=3", "--redis-cluster=3", "--timeout=60"));

        assertThat(distributed.engineShape()).isEqualTo(new EngineShape(3, 3));
        assertThat(distributed.engineShape().enginesArguments())
                .containsExactly("--kafka-brokers=3", "--redis-cluster=3");
        assertThat(distributed.readinessTimeout()).isEqualTo(Duration.ofSeconds(60));
        assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("--kafka-brokers=0")))
                .hasMessageContaining("--kafka-brokers must be positive");
        assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("--redis-cluster=-1")))
                .hasMessageContaining("--redis-cluster must be 0");
    }

    @Test
    void oneProcessOfEachServiceUnlessReplicasAreAskedFor() {
        assertThat(defaults.replicas()).isEqualTo(1);
        assertThat(Replica.of(defaults))
                .extracting(Replica::name)
                .containsExactly(
                        "queue-service",
                        "inventory-service",
                        "booking-service",
                        "payment-service",
                        "payment-sandbox",
                        "gateway");

        var replicated = StackConfig.parse(defaults, List.of("--replicas=3"));

        List<Replica> replicas = Replica.of(replicated);
        assertThat(replicas)
                .extracting(Replica::name)
                .startsWith("queue-service", "queue-service-2", "queue-service-3", "inventory-service")
                .contains("payment-service-3", "payment-sandbox", "gateway")
                .doesNotContain("gateway-2", "payment-sandbox-2")
                .hasSize(14);
        assertThat(replicas.getFirst().port()).isEqualTo(8081);
        assertThat(replicas)
                .flatExtracting(Replica::port, Replica::managementPort)
                .doesNotHaveDuplicates();
        assertThatThrownBy(() -> StackConfig.parse(defaults, List.of("--replicas=0")))
                .hasMessageContaining("--replicas must be positive");
    }

    @Test
    void aPortGivenTwiceIsReported() {
        var config = StackConfig.parse(defaults, List.of("--queue-port=8080"));
        assertThat(config.ports().duplicatePorts()).hasValue("port 8080 is given to both queue-service and gateway");
        assertThat(defaults.ports().duplicatePorts()).isEmpty();
    }

    @Test
    void freePortsAreDistinctAndLeaveTheEnginesToPickTheirOwn() {
        var config = defaults.withFreePorts();
        assertThat(config.servicePorts().values())
                .doesNotHaveDuplicates()
                .allSatisfy(p -> assertThat(p).isPositive());
        assertThat(List.of(config.kafkaPort(), config.postgresPort(), config.redisPort()))
                .containsOnly(0);
        var all = new java.util.ArrayList<>(config.servicePorts().values());
        all.addAll(config.managementPorts().values());
        assertThat(all).hasSize(12).doesNotHaveDuplicates();
        assertThat(config.ports().portsToCheck()).hasSize(12);
    }

    @Test
    void theJarsAreTheModulesFatJars() {
        assertThat(Preflight.requiredJars(defaults))
                .contains(
                        Path.of("/repo/embedded-engines/target/embedded-engines-0.1.0-SNAPSHOT-exec.jar"),
                        Path.of("/repo/gateway/target/gateway-0.1.0-SNAPSHOT.jar"),
                        Path.of("/repo/booking-service/target/booking-service-0.1.0-SNAPSHOT.jar"),
                        Path.of("/repo/payment-sandbox/target/payment-sandbox-0.1.0-SNAPSHOT.jar"))
                .hasSize(7);
    }
}
