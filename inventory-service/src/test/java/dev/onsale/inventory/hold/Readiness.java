package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Waits until the service reports ready: among others, its reply listener owns partitions. */
final class Readiness {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Readiness() {}

    static void awaitReady(int port) {
        await().atMost(Duration.ofSeconds(60))
                .untilAsserted(() -> assertThat(HTTP.send(
                                        HttpRequest.newBuilder(URI.create(
                                                        "http://localhost:" + port + "/actuator/health/readiness"))
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .statusCode())
                        .isEqualTo(200));
    }
}
