package dev.onsale.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayInputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestHttpTest {

    private HttpServer server;
    private final Map<String, String> seen = new ConcurrentHashMap<>();
    private final Map<String, List<String>> values = new ConcurrentHashMap<>();
    private final AtomicReference<byte[]> bytes = new AtomicReference<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/echo", exchange -> {
            exchange.getRequestHeaders().forEach((name, all) -> {
                seen.put(name.toLowerCase(), all.getFirst());
                values.put(name.toLowerCase(), List.copyOf(all));
            });
            seen.put("method", exchange.getRequestMethod());
            bytes.set(exchange.getRequestBody().readAllBytes());
            seen.put("body", new String(bytes.get(), StandardCharsets.UTF_8));
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

    @Test
    void a_client_accepting_another_type_sends_it_on_every_call_unless_the_call_sets_its_own() {
        var pages = TestHttp.at(server.getAddress().getPort()).accepting("*/*");

        pages.get("/echo").send();
        assertThat(seen).containsEntry("accept", "*/*");

        pages.get("/echo").header("Accept", "text/html").send();
        assertThat(seen).containsEntry("accept", "text/html");

        TestHttp.at(server.getAddress().getPort()).get("/echo").send();
        assertThat(seen).containsEntry("accept", "application/json");
    }

    @Test
    void a_raw_body_is_sent_byte_for_byte_with_the_calls_method_and_no_content_type_of_its_own() {
        byte[] notText = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, (byte) 0xC3, (byte) 0x28, (byte) 0xFF, 0x00};
        var http = TestHttp.at(server.getAddress().getPort());

        http.put("/echo", null)
                .body(HttpRequest.BodyPublishers.ofByteArray(notText))
                .send();

        assertThat(bytes.get()).isEqualTo(notText);
        assertThat(seen).containsEntry("method", "PUT").doesNotContainKey("content-type");
    }

    @Test
    void a_raw_body_from_a_stream_is_sent_chunked_and_replaces_the_json_body() {
        byte[] streamed = "x".repeat(100_000).getBytes(StandardCharsets.UTF_8);

        TestHttp.at(server.getAddress().getPort())
                .post("/echo", Map.of("ignored", true))
                .body(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(streamed)))
                .send();

        assertThat(bytes.get()).isEqualTo(streamed);
        assertThat(seen)
                .containsEntry("method", "POST")
                .containsEntry("transfer-encoding", "chunked")
                .containsEntry("content-type", "application/json");
    }

    @Test
    void an_added_header_is_sent_once_per_value() {
        TestHttp.at(server.getAddress().getPort())
                .get("/echo")
                .addHeader("X-Token", "first")
                .addHeader("X-Token", "second")
                .send();

        assertThat(values.get("x-token")).containsExactly("first", "second");
    }

    @Test
    void a_connect_timeout_other_than_the_default_gets_a_client_of_its_own_that_keeps_the_other_settings() {
        var shared = TestHttp.at(server.getAddress().getPort());
        var patient = shared.accepting("*/*").connectTimeout(Duration.ofSeconds(60));

        assertThat(patient.httpClient()).isNotSameAs(shared.httpClient());
        assertThat(patient.httpClient().connectTimeout()).hasValue(Duration.ofSeconds(60));
        assertThat(shared.connectTimeout(Duration.ofSeconds(10)).httpClient()).isSameAs(shared.httpClient());
        assertThat(patient.timeout(Duration.ofSeconds(5)).httpClient()).isSameAs(patient.httpClient());

        assertThat(patient.get("/echo").send().status()).isEqualTo(409);
        assertThat(seen).containsEntry("accept", "*/*");
    }
}
