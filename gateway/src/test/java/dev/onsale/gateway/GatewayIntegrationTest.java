package dev.onsale.gateway;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * The gateway on a random port in front of one stub per service, with the real Redis of the embedded
 * engines. The stubs and the Spring context are shared by every subclass; tests use their own paths.
 */
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class GatewayIntegrationTest {

    static final StubUpstream QUEUE = StubUpstream.start("queue");
    static final StubUpstream INVENTORY = StubUpstream.start("inventory");
    static final StubUpstream BOOKING = StubUpstream.start("booking");
    static final StubUpstream PAYMENT = StubUpstream.start("payment");

    static final String ADMIN_TOKEN = "local-admin-token";
    static final String AUDITOR_TOKEN = "local-auditor-token";

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry registry) {
        registry.add("onsale.upstream.queue", () -> QUEUE.uri().toString());
        registry.add("onsale.upstream.inventory", () -> INVENTORY.uri().toString());
        registry.add("onsale.upstream.booking", () -> BOOKING.uri().toString());
        registry.add("onsale.upstream.payment", () -> PAYMENT.uri().toString());
        registry.add("onsale.admission.previous-keys", () -> AdmissionTokens.PREVIOUS_KEY);
        // ApiDocsIT sees a missing part come back within its test
        registry.add("onsale.api-docs.retry-missing-after", () -> "2s");
    }

    GatewayClient gateway() {
        return new GatewayClient(port);
    }

    HttpRequest.Builder request(String path) {
        return gateway().request(path);
    }

    HttpResponse<String> send(HttpRequest.Builder request) {
        return gateway().send(request);
    }

    String newSession() {
        return gateway().newSession();
    }

    /** A live admission token of {@code sessionToken}'s session to {@code eventId}. */
    static String admission(String sessionToken, String eventId) {
        return AdmissionTokens.issue(sessionToken, eventId);
    }

    static JsonNode json(HttpResponse<String> response) {
        return GatewayClient.json(response);
    }

    static String unique() {
        return GatewayClient.unique();
    }
}
