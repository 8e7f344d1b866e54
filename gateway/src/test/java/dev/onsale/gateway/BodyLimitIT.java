package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BodyLimitIT extends GatewayIntegrationTest {

    private static final int LIMIT = 64 * 1024;

    @Test
    void aBodyDeclaredLargerThanTheLimitIsAPayloadTooLargeProblem() {
        String event = unique();
        String path = "/api/events/" + event + "/holds";
        String session = newSession();
        HttpResponse<String> response = send(request(path)
                .header("Authorization", "Bearer " + session)
                .header("X-Admission-Token", admission(session, event))
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofByteArray(filled(LIMIT + 1))));
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(json(response).get("type").asString()).isEqualTo("/problems/payload-too-large");
        assertThat(INVENTORY.receivedAt(path)).isNull();
    }

    @Test
    void aChunkedBodyGrowingPastTheLimitIsAPayloadTooLargeProblem() {
        String event = unique();
        String path = "/api/events/" + event + "/holds";
        String session = newSession();
        HttpResponse<String> response = send(request(path)
                .header("Authorization", "Bearer " + session)
                .header("X-Admission-Token", admission(session, event))
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(filled(LIMIT * 2)))));
        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(json(response).get("type").asString()).isEqualTo("/problems/payload-too-large");
        assertThat(INVENTORY.receivedAt(path)).isNull();
    }

    @Test
    void aChunkedBodyWithinTheLimitPassesByteForByte() {
        String event = unique();
        String path = "/api/events/" + event + "/holds";
        String session = newSession();
        byte[] body = filled(LIMIT);
        HttpResponse<String> response = send(request(path)
                .header("Authorization", "Bearer " + session)
                .header("X-Admission-Token", admission(session, event))
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(INVENTORY.receivedAt(path).body()).isEqualTo(body);
        assertThat(INVENTORY.receivedAt(path).header("Transfer-encoding")).isEqualTo("chunked");
    }

    private static byte[] filled(int size) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, (byte) 'x');
        return bytes;
    }
}
