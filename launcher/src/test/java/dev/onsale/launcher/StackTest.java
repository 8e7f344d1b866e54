package dev.onsale.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackTest {

    private static final String IDENTITY_KEY = "identity-key-of-this-test-run-0123456789";

    @TempDir
    Path repo;

    private StackConfig config(String failingModule) throws Exception {
        StubRepository.create(repo);
        if (failingModule != null) {
            Files.writeString(repo.resolve(failingModule + "/target/FAIL"), "no database");
        }
        var base = StackConfig.defaults(repo, Map.of()).withFreePorts().withReadinessTimeout(Duration.ofSeconds(60));
        return base.withProcesses(new ProcessSettings(
                        base.java(),
                        List.of("-Xmx32m"),
                        List.of("-Xmx32m"),
                        List.of("-Xmx32m"),
                        List.of("-Xmx32m"),
                        Duration.ofSeconds(60),
                        base.readinessTimeout(),
                        Duration.ofSeconds(5),
                        Map.of("ONSALE_EXTRA_SETTING", "from-the-config"),
                        EngineShape.SINGLE,
                        1))
                .withSecrets(new StackSecrets(
                        "admin-t",
                        "auditor-t",
                        base.sessionKey(),
                        "admission-key-of-this-test-run-0123456789",
                        IDENTITY_KEY));
    }

    @Test
    void startedStackPassesTheEngineEndpointsToTheServicesAndCloseStopsEveryProcess() throws Exception {
        var stack = Stack.start(config(null), line -> {});
        Map<String, Long> pids = stack.pids();
        try {
            assertThat(pids)
                    .containsOnlyKeys(
                            "engines",
                            "postgres",
                            "redis-server",
                            "queue-service",
                            "inventory-service",
                            "booking-service",
                            "payment-service",
                            "payment-sandbox",
                            "gateway");
            assertThat(running(pids.values())).hasSize(9);
            String body = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(URI.create(stack.gatewayUrl()))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            assertThat(body).contains("jdbc:postgresql://localhost:2/onsale", stack.serviceUrl(Service.QUEUE));
            assertThat(body).contains("\"admissionKey\":\"admission-key-of-this-test-run-0123456789\"");
            assertThat(get(stack.serviceUrl(Service.QUEUE)))
                    .contains("\"admissionKey\":\"admission-key-of-this-test-run-0123456789\"");
            assertThat(get(stack.serviceUrl(Service.INVENTORY)))
                    .contains("\"admissionKey\":\"null\"")
                    .contains("\"extra\":\"from-the-config\"");
            assertThat(stack.adminToken()).isEqualTo("admin-t");
            for (Service service :
                    List.of(Service.GATEWAY, Service.QUEUE, Service.INVENTORY, Service.BOOKING, Service.PAYMENT)) {
                assertThat(get(stack.serviceUrl(service)))
                        .as(service.module())
                        .contains("\"identityKey\":\"" + IDENTITY_KEY + "\"", "\"address\":\"127.0.0.1\"");
                assertThat(get(stack.managementUrl(service)))
                        .as(service.module())
                        .contains("\"status\":\"UP\"");
            }
            assertThat(get(stack.serviceUrl(Service.PAYMENT_SANDBOX)))
                    .as("the acquirer's stand-in is no party to the gateway's signatures")
                    .contains("\"identityKey\":\"null\"", "\"address\":\"127.0.0.1\"");
            assertThat(stack.runDir().resolve("gateway.log")).exists();
            assertThat(stack.pidsFile()).exists();
        } finally {
            stack.close();
        }
        assertThat(running(pids.values())).isEmpty();
        assertThat(stack.pidsFile()).doesNotExist();
        stack.close();
    }

    @Test
    void oneServiceCanBeStoppedAndStartedAgainWhileTheRestKeepsRunning() throws Exception {
        var stack = Stack.start(config(null), line -> {});
        try {
            long before = stack.pids().get("booking-service");
            stack.stop(Service.BOOKING);
            assertThat(running(List.of(before))).isEmpty();
            assertThat(running(List.of(stack.pids().get("inventory-service")))).hasSize(1);
            assertThatThrownBy(() -> get(stack.serviceUrl(Service.BOOKING))).isInstanceOf(java.io.IOException.class);

            stack.start(Service.BOOKING);
            long after = stack.pids().get("booking-service");
            assertThat(after).isNotEqualTo(before);
            assertThat(get(stack.serviceUrl(Service.BOOKING))).contains("\"status\":\"UP\"");
            assertThatThrownBy(() -> stack.start(Service.BOOKING))
                    .isInstanceOf(StackException.class)
                    .hasMessageContaining("already running");
        } finally {
            stack.close();
        }
        assertThat(running(stack.pids().values())).isEmpty();
    }

    @Test
    void withReplicasEveryServiceBehindTheGatewayRunsThatOftenAndTheGatewayIsGivenThemAll() throws Exception {
        var stack = Stack.start(config(null).withReplicas(2), line -> {});
        Map<String, Long> pids = stack.pids();
        try {
            assertThat(pids)
                    .containsOnlyKeys(
                            "engines",
                            "postgres",
                            "redis-server",
                            "queue-service",
                            "queue-service-2",
                            "inventory-service",
                            "inventory-service-2",
                            "booking-service",
                            "booking-service-2",
                            "payment-service",
                            "payment-service-2",
                            "payment-sandbox",
                            "gateway");
            assertThat(running(pids.values())).hasSize(13);
            List<String> queues = stack.serviceUrls(Service.QUEUE);
            assertThat(queues).hasSize(2).first().isEqualTo(stack.serviceUrl(Service.QUEUE));
            assertThat(stack.serviceUrls(Service.GATEWAY)).hasSize(1);
            assertThat(get(stack.gatewayUrl())).contains("\"queue\":\"" + String.join(",", queues) + "\"");
            for (String queue : queues) {
                assertThat(get(queue)).contains("\"status\":\"UP\"");
            }
            assertThat(stack.runDir().resolve("queue-service-2.log")).exists();

            stack.kill(Service.QUEUE, 2);
            assertThat(running(List.of(pids.get("queue-service-2")))).isEmpty();
            assertThat(running(List.of(pids.get("queue-service")))).hasSize(1);
            assertThatThrownBy(() -> get(queues.get(1))).isInstanceOf(java.io.IOException.class);
            stack.start(Service.QUEUE, 2);
            assertThat(get(queues.get(1))).contains("\"status\":\"UP\"");
            assertThat(stack.pids().get("queue-service-2")).isNotEqualTo(pids.get("queue-service-2"));
            assertThatThrownBy(() -> stack.crash(Service.GATEWAY, 2))
                    .isInstanceOf(StackException.class)
                    .hasMessageContaining("gateway has no replica 2");
        } finally {
            stack.close();
        }
        assertThat(running(stack.pids().values())).isEmpty();
    }

    @Test
    void aServiceDyingDuringStartUpFailsTheStartWithItsLogAndLeavesNothingRunning() throws Exception {
        var config = config("booking-service");
        assertThatThrownBy(() -> Stack.start(config, line -> {}))
                .isInstanceOf(StackException.class)
                .hasMessageContaining("booking-service exited with code 3 during start-up")
                .hasMessageContaining("boom: no database");
        assertThat(PidsFile.read(config.stateDir())).isEmpty();
    }

    @Test
    void downStopsWhatAKilledEnginesProcessLeftBehind() throws Exception {
        var stack = Stack.start(config(null), line -> {});
        Map<String, Long> pids = stack.pids();
        // one handle: once the killed process is reaped, ProcessHandle.of finds nothing
        ProcessHandle engines = ProcessHandle.of(pids.get("engines")).orElseThrow();
        engines.destroyForcibly();
        assertThat(Processes.awaitExit(engines, Duration.ofSeconds(5))).isTrue();
        assertThat(running(List.of(pids.get("postgres"), pids.get("redis-server"))))
                .hasSize(2);

        List<String> report = Stack.down(stack.pidsFile().getParent(), Duration.ofSeconds(5), line -> {});

        assertThat(running(pids.values())).isEmpty();
        assertThat(report)
                .anyMatch(l -> l.startsWith("postgres (pid " + pids.get("postgres") + ")"))
                .anyMatch(l -> l.startsWith("redis-server (pid " + pids.get("redis-server") + ")"));
        stack.close();
    }

    private static String get(String url) throws Exception {
        return HttpClient.newHttpClient()
                .send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private static List<Long> running(Collection<Long> pids) {
        return pids.stream()
                .filter(pid ->
                        ProcessHandle.of(pid).filter(Processes::isRunning).isPresent())
                .toList();
    }
}
