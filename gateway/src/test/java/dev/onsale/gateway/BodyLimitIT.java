package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.INVENTORY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

@GatewayTest
class BodyLimitIT {

    private static final int LIMIT = 64 * 1024;

    private final TestHttp gateway;

    BodyLimitIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @Test
    void aBodyDeclaredLargerThanTheLimitIsAPayloadTooLargeProblem() {
        String event = unique();
        String path = "/api/events/" + event + "/holds";
        Reply response = hold(path, event, BodyPublishers.ofByteArray(filled(LIMIT + 1)));
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/payload-too-large");
        assertThat(INVENTORY.receivedAt(path)).isNull();
    }

    @Test
    void aChunkedBodyGrowingPastTheLimitIsAPayloadTooLargeProblem() {
        String event = unique();
        String path = "/api/events/" + event + "/holds";
        Reply response =
                hold(path, event, BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(filled(LIMIT * 2))));
        assertThat(response.status()).isEqualTo(413);
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/payload-too-large");
        assertThat(INVENTORY.receivedAt(path)).isNull();
    }

    @Test
    void aChunkedBodyWithinTheLimitPassesByteForByte() {
        String event = unique();
        String path = "/api/events/" + event + "/holds";
        byte[] body = filled(LIMIT);
        Reply response = hold(path, event, BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)));
        assertThat(response.status()).isEqualTo(200);
        assertThat(INVENTORY.receivedAt(path).body()).isEqualTo(body);
        assertThat(INVENTORY.receivedAt(path).header("Transfer-encoding")).isEqualTo("chunked");
    }

    /** A hold of a fresh buyer, admitted to {@code event}, with {@code body} as it is. */
    private Reply hold(String path, String event, BodyPublisher body) {
        String session = newSession(gateway);
        return gateway.post(path, null)
                .bearer(session)
                .header("X-Admission-Token", AdmissionTokens.issue(session, event))
                .header("Content-Type", "application/json")
                .body(body)
                .send();
    }

    private static byte[] filled(int size) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, (byte) 'x');
        return bytes;
    }
}
