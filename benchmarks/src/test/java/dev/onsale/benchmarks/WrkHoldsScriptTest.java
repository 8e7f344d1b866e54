package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * holds.lua run by the real wrk against a server that answers as the gateway would: every buyer's hold is sent
 * exactly once (none used up by wrk's own look at the first thread's request, none twice), with its tokens and body,
 * and the run ends when the last is answered, not after wrk's whole {@code -d}. Needs wrk on the PATH (CI installs
 * it, as the README says); skipped without it.
 */
class WrkHoldsScriptTest {

    private static final UUID EVENT = UUID.fromString("4b90328f-cdb5-4580-bbc3-88afa3c9ed93");

    private final Queue<String> received = new ConcurrentLinkedQueue<>();
    private HttpServer server;

    @BeforeEach
    void startServer() throws IOException {
        assumeTrue(onPath("wrk"), "wrk is not installed");
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::answer);
        server.start();
    }

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** 201 for a quantity, 409 sold-out for a chosen seat; records what each request carried. */
    private void answer(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        received.add(
                exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                        + exchange.getRequestHeaders().getFirst("Authorization") + " "
                        + exchange.getRequestHeaders().getFirst("X-Admission-Token") + " " + body);
        boolean held = body.contains("quantity");
        byte[] answer = (held ? "{\"orderId\":\"o\"}" : "{\"type\":\"/problems/sold-out\",\"status\":409}")
                .getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", held ? "application/json" : "application/problem+json");
        exchange.sendResponseHeaders(held ? 201 : 409, answer.length);
        exchange.getResponseBody().write(answer);
        exchange.close();
    }

    @Test
    void everyBuyersHoldIsSentOnceAndTheRunEndsWithTheLastAnswer() throws Exception {
        List<String[]> buyers = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            String body = i % 2 == 0 ? "{\"seatIds\":[\"A-1-" + (i + 1) + "\"]}" : "{\"quantity\":" + (1 + i % 2) + "}";
            buyers.add(new String[] {"session-" + i, "admission-" + i, body});
            expected.add("POST /api/events/" + EVENT + "/holds Bearer session-" + i + " admission-" + i + " " + body);
        }

        long started = System.nanoTime();
        Latencies phase =
                WrkHolds.send("http://127.0.0.1:" + server.getAddress().getPort(), EVENT, buyers);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(received).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(phase.count("201")).isEqualTo(5);
        assertThat(phase.count("409 sold-out")).isEqualTo(6);
        assertThat(phase.count("no answer")).isZero();
        assertThat(took).isLessThan(Duration.ofSeconds(30));
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (new File(dir, command).canExecute()) {
                return true;
            }
        }
        return false;
    }
}
