package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.testing.TestHttp;
import java.time.Duration;

/** Waits until the service reports ready: among others, its reply listener owns partitions. */
final class Readiness {

    private Readiness() {}

    static void awaitReady(int port) {
        TestHttp probe = TestHttp.at(port);
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(
                                probe.get("/actuator/health/readiness").send().status())
                        .isEqualTo(200));
    }
}
