package dev.onsale.benchmarks;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Reads every order a sale's buyers held, after the sale settled, as its buyer would ({@code GET /api/orders/{id}}
 * with the session that made it): a few at a time, each asked again after a 429 or 503's {@code Retry-After}.
 */
final class OrderReads {

    /** Reads under way at once: the audit must not be a load of its own. */
    private static final int AT_ONCE = 8;

    private static final int ATTEMPTS = 5;

    private OrderReads() {}

    /** Each order's status; an order that could not be read is absent. */
    static Map<UUID, String> statuses(GatewayClient client, List<Conduct.Hold> holds) throws InterruptedException {
        Map<UUID, String> statuses = new ConcurrentHashMap<>();
        Semaphore slots = new Semaphore(AT_ONCE);
        try (ExecutorService reads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Conduct.Hold hold : holds) {
                slots.acquire();
                reads.submit(() -> {
                    try {
                        String status = status(client, hold);
                        if (status != null) {
                            statuses.put(hold.orderId(), status);
                        }
                    } finally {
                        slots.release();
                    }
                    return null;
                });
            }
            reads.shutdown();
            reads.awaitTermination(5, TimeUnit.MINUTES);
        }
        return statuses;
    }

    private static String status(GatewayClient client, Conduct.Hold hold) throws InterruptedException {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                HttpResponse<String> read = client.send(client.get("/api/orders/" + hold.orderId(), hold.session()));
                if (read.statusCode() == 200) {
                    return client.json(read).path("status").asString(null);
                }
                if (read.statusCode() != 429 && read.statusCode() != 503) {
                    return null;
                }
                Thread.sleep(GatewayClient.retryAfterSeconds(read) * 1000);
            } catch (IOException e) {
                Thread.sleep(1000);
            }
        }
        return null;
    }
}
