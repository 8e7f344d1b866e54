package dev.onsale.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestHttpTest {

    private HttpServer server;
    private final Map<String, String> seen = new ConcurrentHashMap<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/echo", exchange -> {
            exchange.getRequestHeaders().forEach((name, values) -> seen.put(name.toLowerCase(), values.getFirst()));
            seen.put("method", exchange.getRequestMethod());
            seen.put("body", new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] answer = "{\"type\":\"/problems/sold-out\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
            exchange.sendResponseHeaders(409, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.createContext("/silent", exchange -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void a_call_carries_its_identity_and_json_body_and_passes_through_the_signer() {
        UUID buyer = UUID.randomUUID();
        UUID admission = UUID.randomUUID();
        var http = TestHttp.at(server.getAddress().getPort())
                .signedWith(request -> HttpRequest.newBuilder(request, (name, value) -> true)
                        .header("X-Signed", "yes")
                        .build());

        TestHttp.Reply reply = http.post("/echo", Map.of("quantity", 2))
                .buyer(buyer)
                .role("admin")
                .admission(admission)
                .idempotencyKey("k-1")
                .bearer("t-1")
                .send();

        assertThat(reply.status()).isEqualTo(409);
        assertThat(reply.problemType()).isEqualTo("/problems/sold-out");
        assertThat(reply.header("Content-Type")).isEqualTo("application/problem+json");
        assertThat(seen)
                .containsEntry("method", "POST")
                .containsEntry("body", "{\"quantity\":2}")
                .containsEntry("content-type", "application/json")
                .containsEntry("x-onsale-buyer", buyer.toString())
                .containsEntry("x-onsale-role", "admin")
                .containsEntry("x-onsale-admission", admission.toString())
                .containsEntry("idempotency-key", "k-1")
                .containsEntry("authorization", "Bearer t-1")
                .containsEntry("x-signed", "yes");
    }

    @Test
    void null_identity_parts_add_no_header_and_a_header_replaces_a_default() {
        TestHttp.at(server.getAddress().getPort())
                .get("/echo")
                .buyer(null)
                .role(null)
                .bearer(null)
                .header("Accept", "text/html")
                .send();

        assertThat(seen).containsEntry("method", "GET").containsEntry("accept", "text/html");
        assertThat(seen).doesNotContainKeys("x-onsale-buyer", "x-onsale-role", "authorization", "content-type");
    }

    @Test
    void a_call_without_an_answer_fails_instead_of_waiting() {
        var http = TestHttp.at(server.getAddress().getPort()).timeout(Duration.ofMillis(300));

        assertThatThrownBy(() -> http.get("/silent").send())
                .isInstanceOf(UncheckedIOException.class)
                .hasCauseInstanceOf(HttpTimeoutException.class);
    }
}
