package dev.onsale.sandbox;

import com.sun.net.httpserver.HttpServer;
import dev.onsale.testing.TestHttp;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/** A real HTTP endpoint standing in for the merchant's webhook URL; records every delivery attempt. */
public final class WebhookReceiver implements AutoCloseable {

    public record Delivery(String signature, String body, JsonNode event, int answeredWith) {}

    private final HttpServer server;
    private final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
    private final AtomicInteger failuresLeft = new AtomicInteger();

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/webhooks/payments", exchange -> {
            var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            int status = failuresLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0 ? 500 : 200;
            deliveries.add(new Delivery(
                    exchange.getRequestHeaders().getFirst("Onsale-Signature"),
                    body,
                    TestHttp.JSON.readTree(body),
                    status));
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    public String url() {
        return "http://localhost:" + server.getAddress().getPort() + "/webhooks/payments";
    }

    /** The next n deliveries are answered 500. */
    public void failNext(int n) {
        failuresLeft.set(n);
    }

    public List<Delivery> deliveries() {
        return List.copyOf(deliveries);
    }

    public List<Delivery> deliveriesFor(String objectId) {
        return deliveries.stream()
                .filter(d -> d.event().get("data").get("id").asString().equals(objectId))
                .toList();
    }

    public void clear() {
        deliveries.clear();
        failuresLeft.set(0);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
