package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A buyer's checkout against a server that answers every hold "sold out", for now or for good. */
class CheckoutTest {

    private final HttpServer server;
    private final AtomicInteger holds = new AtomicInteger();
    /** The Retry-After of the sold-out answers; null: sold out for good. */
    private volatile String retryAfter = "1";

    CheckoutTest() throws IOException {
        server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/api/events/", this::soldOut);
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private void soldOut(HttpExchange exchange) throws IOException {
        holds.incrementAndGet();
        byte[] problem = "{\"type\": \"/problems/sold-out\", \"status\": 409}".getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
        if (retryAfter != null) {
            exchange.getResponseHeaders().add("Retry-After", retryAfter);
        }
        exchange.sendResponseHeaders(409, problem.length);
        exchange.getResponseBody().write(problem);
        exchange.close();
    }

    private String checkOut() throws InterruptedException {
        TabClient http = new TabClient("http://localhost:" + server.getAddress().getPort(), Duration.ofSeconds(5));
        Checkout checkout = new Checkout(
                http,
                UUID.randomUUID(),
                new AtomicBoolean(),
                System.nanoTime() + TimeUnit.MINUTES.toNanos(1),
                new Conduct());
        try (TabClient.Tab tab = http.open()) {
            return checkout.holdAndPay(
                    tab,
                    "session",
                    "admission",
                    Checkout.Plan.of(Behaviour.PLAIN, true),
                    new Random(1),
                    null,
                    Behaviour.PLAIN);
        }
    }

    @Test
    void aBuyerToldEverySeatIsHeldAsksFourTimesAndThenGoes() throws InterruptedException {
        assertThat(checkOut()).isEqualTo(Checkout.GAVE_UP);
        assertThat(holds).hasValue(Checkout.SOLD_OUT_FOR_NOW_ASKS);
    }

    @Test
    void aBuyerToldSoldOutForGoodGoesAtOnce() throws InterruptedException {
        retryAfter = null;

        assertThat(checkOut()).isEqualTo("sold out (hold)");
        assertThat(holds).hasValue(1);
    }
}
