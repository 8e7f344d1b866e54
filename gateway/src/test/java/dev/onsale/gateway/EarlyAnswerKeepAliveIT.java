package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.ADMIN_TOKEN;
import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.onsale.testing.TestHttp;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * An answer the gateway gives before it has read the request's body (a 403 from the access rules, before anything is
 * forwarded) leaves the keep-alive connection fit for the client's next request. The operator's console sent a
 * buyer's PUT and then its own on one connection; the second one sometimes got no answer at all, and its client
 * waited out its own timeout.
 */
@GatewayTest
class EarlyAnswerKeepAliveIT {

    private static final int ROUNDS = 300;
    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final String BODY = "{\"maxActiveBuyers\": 500, \"maxAdmitPerSecond\": 100}";

    private final int port;

    EarlyAnswerKeepAliveIT(@LocalServerPort int port) {
        this.port = port;
    }

    @Test
    void aRequestAfterAnAnswerGivenBeforeItsBodyWasReadIsAnsweredOnTheSameConnection() throws Exception {
        String buyer = newSession(TestHttp.at(port));
        URI admission = URI.create("http://127.0.0.1:" + port + "/admin/events/" + unique() + "/admission");
        // HTTP/1.1 and one request at a time: the client sends every request on the one connection it keeps alive
        try (HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
            Map<String, Integer> answers = new TreeMap<>();
            for (int i = 0; i < ROUNDS; i++) {
                answers.merge("as a buyer: " + put(client, admission, buyer), 1, Integer::sum);
                answers.merge("as the operator: " + put(client, admission, ADMIN_TOKEN), 1, Integer::sum);
            }

            assertThat(answers).containsOnly(entry("as a buyer: 403", ROUNDS), entry("as the operator: 200", ROUNDS));
        }
    }

    private static String put(HttpClient client, URI uri, String token) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(uri)
                .timeout(WAIT)
                .header("Content-Type", "application/json")
                .header("Authorization", "Bearer " + token)
                .PUT(HttpRequest.BodyPublishers.ofString(BODY))
                .build();
        try {
            return Integer.toString(
                    client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
        } catch (HttpTimeoutException e) {
            return "no answer in " + WAIT.toSeconds() + " s";
        }
    }
}
