package dev.onsale.system;

import dev.onsale.launcher.Stack;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ./onsale down} cleans up after a launcher that can no longer do it itself. */
class StackDownSystemIT {

    @Test
    void downStopsEveryProcessRecordedByAnotherLauncher() {
        Stack stack = TestStacks.start("down");
        Map<String, Long> pids = stack.pids();
        try {
            List<String> report = Stack.down(stack.pidsFile().getParent(), Duration.ofSeconds(20), TestStacks.log("down"));

            TestStacks.assertAllGone(pids);
            assertThat(report).allSatisfy(line -> assertThat(line).endsWith("stopped"));
            for (String process : List.of("engines", "gateway", "queue-service", "inventory-service", "booking-service",
                    "payment-service", "payment-sandbox")) {
                assertThat(report).anySatisfy(line -> assertThat(line).startsWith(process + " (pid " + pids.get(process) + ")"));
            }
            assertThat(stack.pidsFile()).doesNotExist();
        } finally {
            stack.close();
        }
    }
}
