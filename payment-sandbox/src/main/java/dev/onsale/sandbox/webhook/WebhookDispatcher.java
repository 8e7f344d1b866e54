package dev.onsale.sandbox.webhook;

import dev.onsale.sandbox.settings.SandboxSettings;
import dev.onsale.sandbox.settings.Settings;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * At-least-once webhook delivery on a small pool of its own (callers never wait): each event is lost outright
 * with {@code webhookLossShare}, else delivered once or (with {@code webhookDuplicateShare}) twice; each delivery
 * starts after a random 0..{@code webhookReorderDelayMs} and is retried with doubling backoff until a 2xx or
 * {@code webhookMaxAttempts}. Every attempt is signed afresh with the current time; the body is fixed per event.
 */
@Component
public class WebhookDispatcher {

    private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);

    private final SandboxSettings settings;
    private final WebhookSigner signer;
    private final JsonMapper json;
    private final MeterRegistry meters;
    private final Clock clock = Clock.systemUTC();
    private final AtomicLong generation = new AtomicLong();
    private final ScheduledExecutorService pool;
    private final HttpClient http;

    WebhookDispatcher(SandboxSettings settings, WebhookSigner signer, JsonMapper json, MeterRegistry meters) {
        this.settings = settings;
        this.signer = signer;
        this.json = json;
        this.meters = meters;
        this.pool = Executors.newScheduledThreadPool(
                settings.properties().webhookThreads(),
                Thread.ofPlatform().name("sandbox-webhook-", 0).daemon().factory());
        this.http = HttpClient.newBuilder()
                .connectTimeout(settings.properties().webhookRequestTimeout())
                .build();
    }

    /** Queues the event for delivery and returns at once. */
    public void emit(String type, Object data) {
        var s = settings.current();
        var event =
                new WebhookEvent(settings.newId("evt"), type, clock.instant().getEpochSecond(), data);
        if (settings.chance(s.webhookLossShare())) {
            count("lost");
            log.debug("webhook {} {} lost on purpose", event.id(), type);
            return;
        }
        var body = json.writeValueAsString(event);
        int copies = 1;
        if (settings.chance(s.webhookDuplicateShare())) {
            count("duplicated");
            copies = 2;
        }
        long scheduledIn = generation.get();
        for (int i = 0; i < copies; i++) {
            schedule(new Delivery(event.id(), body, scheduledIn), reorderDelay(s), 1);
        }
    }

    /** Drops every delivery scheduled so far, pending retries included. */
    public void reset() {
        generation.incrementAndGet();
    }

    private void schedule(Delivery delivery, long delayMs, int attempt) {
        pool.schedule(() -> attempt(delivery, attempt), delayMs, TimeUnit.MILLISECONDS);
    }

    private void attempt(Delivery delivery, int attempt) {
        if (delivery.generation() != generation.get()) return;
        var s = settings.current();
        boolean delivered = false;
        try {
            var request = HttpRequest.newBuilder(URI.create(s.webhookUrl()))
                    .timeout(settings.properties().webhookRequestTimeout())
                    .header("Content-Type", "application/json")
                    .header(WebhookSigner.HEADER, signer.sign(clock.instant().getEpochSecond(), delivery.body()))
                    .POST(HttpRequest.BodyPublishers.ofString(delivery.body()))
                    .build();
            count("sent");
            int status =
                    http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            delivered = status / 100 == 2;
            if (!delivered) log.debug("webhook {} attempt {} answered {}", delivery.eventId(), attempt, status);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (Exception e) {
            log.debug("webhook {} attempt {} failed: {}", delivery.eventId(), attempt, e.toString());
        }
        if (delivered) {
            count("delivered");
            return;
        }
        count("failed");
        if (attempt >= s.webhookMaxAttempts()) {
            count("abandoned");
            log.warn("webhook {} abandoned after {} attempts", delivery.eventId(), attempt);
            return;
        }
        schedule(delivery, backoff(s, attempt), attempt + 1);
    }

    private long backoff(Settings s, int attempt) {
        long doubled = s.webhookInitialBackoffMs() << Math.min(attempt - 1, 30);
        return Math.min(doubled < 0 ? Long.MAX_VALUE : doubled, s.webhookMaxBackoffMs());
    }

    private long reorderDelay(Settings s) {
        return s.webhookReorderDelayMs() == 0 ? 0 : (long) (settings.random().nextDouble() * s.webhookReorderDelayMs());
    }

    private void count(String result) {
        meters.counter("sandbox.webhooks", "result", result).increment();
    }

    @PreDestroy
    void stop() {
        pool.shutdownNow();
    }

    private record Delivery(String eventId, String body, long generation) {}
}
