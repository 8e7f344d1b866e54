package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.launcher.Service;
import dev.onsale.launcher.Stack;
import dev.onsale.launcher.StackConfig;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code ./onsale down} cleans up after a launcher that can no longer do it itself; and {@code --gateway-address}
 * opens the gateway, and nothing else, to other hosts (this stack runs with it, to see what listens where).
 */
class StackDownSystemIT {

    @Test
    void downStopsEveryProcessRecordedByAnotherLauncher() {
        var config = StackConfig.parse(TestStacks.config("down"), List.of("--gateway-address=0.0.0.0"));
        Stack stack = TestStacks.start("down", config);
        Map<String, Long> pids = stack.pids();
        try {
            Map<String, Set<String>> listening = ListeningSockets.of(pids);
            System.out.println("[down] listening with --gateway-address=0.0.0.0: " + listening);
            assertThat(listening.get("gateway"))
                    .anySatisfy(address -> assertThat(address)
                            .endsWith(":" + config.port(Service.GATEWAY))
                            .satisfies(a -> assertThat(ListeningSockets.isWildcard(a))
                                    .as(a)
                                    .isTrue()));
            listening.forEach((process, addresses) -> assertThat(addresses)
                    .as(process)
                    .allSatisfy(address -> {
                        if (!(process.equals("gateway") && address.endsWith(":" + config.port(Service.GATEWAY)))) {
                            assertThat(ListeningSockets.isLoopback(address))
                                    .as(process + " on " + address)
                                    .isTrue();
                        }
                    }));

            List<String> report =
                    Stack.down(stack.pidsFile().getParent(), Duration.ofSeconds(20), TestStacks.log("down"));

            TestStacks.assertAllGone(pids);
            assertThat(report).allSatisfy(line -> assertThat(line).endsWith("stopped"));
            for (String process : List.of(
                    "engines",
                    "gateway",
                    "queue-service",
                    "inventory-service",
                    "booking-service",
                    "payment-service",
                    "payment-sandbox")) {
                assertThat(report)
                        .anySatisfy(line -> assertThat(line).startsWith(process + " (pid " + pids.get(process) + ")"));
            }
            assertThat(stack.pidsFile()).doesNotExist();
        } finally {
            stack.close();
        }
    }
}
