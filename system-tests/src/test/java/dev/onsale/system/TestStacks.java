package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.launcher.Stack;
import dev.onsale.launcher.StackConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** Stacks for system tests: the packaged jars of this build, on free ports, with state under target/. */
final class TestStacks {

    static final String NO_WARM_UP = "ONSALE_WARMUP_BUYERS";

    private TestStacks() {}

    /**
     * The local defaults, but the gateway C1-only like the services: a test races a stack as soon as it is up,
     * and the full JIT's compilations of the cold gateway then compete with the race for the two cores (the
     * sell-out took 260 s, and 147 s with the gateway C1-only). Tests check behaviour; the benchmarks measure the JIT.
     * For the same reason the gateway does not warm up before readiness ({@code ONSALE_WARMUP_BUYERS=0}): a minute
     * per stack, and C1 code gains little from it. The gateway module's WarmUpIT tests the warm-up itself.
     */
    static StackConfig config(String name) {
        Path repo = Path.of(System.getProperty("onsale.repo", ".."))
                .toAbsolutePath()
                .normalize();
        Path state = Path.of(System.getProperty("onsale.state-dir", "target/onsale"))
                .toAbsolutePath()
                .resolve(name);
        StackConfig defaults = StackConfig.defaults(repo, Map.of());
        return defaults.withGatewayJvmOptions(defaults.serviceJvmOptions())
                .withStateDir(state)
                .withFreePorts()
                .withServiceEnvironment(Map.of(NO_WARM_UP, "0"));
    }

    static Stack start(String name) {
        return start(name, config(name));
    }

    static Stack start(String name, StackConfig config) {
        long started = System.nanoTime();
        Stack stack = Stack.start(config, log(name));
        System.out.printf(
                "[%s] stack up in %.1f s, RSS of all its processes %d MB, logs in %s%n",
                name, (System.nanoTime() - started) / 1e9, stack.rssKb() / 1024, stack.runDir());
        return stack;
    }

    static Consumer<String> log(String name) {
        return line -> System.out.println("[" + name + "] " + line);
    }

    /** Every given pid has exited (allowing a moment for processes that are not our children to be reaped). */
    static void assertAllGone(Map<String, Long> pids) {
        assertThat(pids)
                .containsKeys(
                        "engines",
                        "postgres",
                        "redis-server",
                        "gateway",
                        "queue-service",
                        "inventory-service",
                        "booking-service",
                        "payment-service",
                        "payment-sandbox");
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(alive(pids)).isEmpty());
    }

    static List<String> alive(Map<String, Long> pids) {
        return pids.entrySet().stream()
                .filter(e -> ProcessHandle.of(e.getValue())
                        .filter(TestStacks::running)
                        .isPresent())
                .map(e -> e.getKey() + " (pid " + e.getValue() + ")")
                .toList();
    }

    private static boolean running(ProcessHandle process) {
        if (!process.isAlive()) {
            return false;
        }
        try {
            String stat = java.nio.file.Files.readString(Path.of("/proc", String.valueOf(process.pid()), "stat"));
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (java.io.IOException e) {
            return process.isAlive();
        }
    }
}
