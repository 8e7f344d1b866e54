package dev.onsale.gateway.waitingroom;

import dev.onsale.gateway.routing.GatewayReads;
import dev.onsale.gateway.routing.ServiceReplicas;
import dev.onsale.gateway.routing.Upstreams;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

/**
 * Each event's queue progress document, as queue-service last gave it: fetched at most once per
 * {@code refresh} per event, however many buyers ask at once (they all share the one fetch under way), and
 * answered from memory in between. A document is the same bytes for everyone, so nothing about the caller is
 * sent upstream. While a refresh is under way, or queue-service does not answer, the last good document is served
 * (for {@code staleFor} at most); its {@code updatedAt} says how old it is. Each fetch asks the next of
 * queue-service's replicas, and another one when that one does not connect ({@link ServiceReplicas#call}).
 */
@Component
class ProgressCache {

    /** What queue-service answered: 200 (the document, its ETag and caching) or 404 (its problem body). */
    record Document(int status, byte[] body, String contentType, String etag, String cacheControl, long fetchedAt) {}

    /** One event's fetch, under way or done, and when it started. */
    private record Slot(long startedAt, Mono<Optional<Document>> document, AtomicBoolean done) {}

    private final WebClient client;
    private final ServiceReplicas queue;
    private final ProgressProperties properties;
    private final Map<UUID, Slot> slots = new ConcurrentHashMap<>();
    private final Map<UUID, Document> lastGood = new ConcurrentHashMap<>();
    private final Counter fetches;
    private final Counter stale;

    ProgressCache(Upstreams upstreams, ProgressProperties properties, MeterRegistry meters) {
        this.client = GatewayReads.client("onsale-progress", 64, properties.timeout());
        this.queue = upstreams.queue();
        this.properties = properties;
        this.fetches = Counter.builder("onsale.gateway.progress.fetches")
                .description("progress documents fetched from queue-service (at most one per event and refresh)")
                .register(meters);
        this.stale = Counter.builder("onsale.gateway.progress.stale")
                .description("progress answers served from the last good document because queue-service did not answer")
                .register(meters);
    }

    /**
     * The event's document; empty when queue-service has not answered for longer than {@code staleFor}. While a
     * refresh is under way, a reader that the last good document can serve gets it at once (stale while it
     * revalidates, as a CDN does): a slow queue-service slows the refresh, never the buyers.
     */
    Mono<Optional<Document>> document(UUID eventId) {
        long now = System.nanoTime();
        if (slots.size() >= properties.maxEvents()) {
            evictOlderThan(now - properties.refresh().toNanos());
        }
        Slot current = slots.compute(
                eventId,
                (id, slot) -> slot != null
                                && now - slot.startedAt() < properties.refresh().toNanos()
                        ? slot
                        : start(id, now));
        Document last = lastGood.get(eventId);
        if (!current.done().get()
                && last != null
                && now - last.fetchedAt() <= properties.staleFor().toNanos()) {
            return Mono.just(Optional.of(last));
        }
        return current.document();
    }

    private Slot start(UUID eventId, long now) {
        AtomicBoolean done = new AtomicBoolean();
        Mono<Optional<Document>> document =
                fetch(eventId).doFinally(signal -> done.set(true)).cache();
        document.subscribe();
        return new Slot(now, document, done);
    }

    private Mono<Optional<Document>> fetch(UUID eventId) {
        fetches.increment();
        String path = "/api/queue/" + eventId + "/progress";
        return queue.call(replica -> client.get()
                        .uri(replica.resolve(path))
                        .accept(MediaType.APPLICATION_JSON)
                        .exchangeToMono(response -> response.bodyToMono(byte[].class)
                                .defaultIfEmpty(new byte[0])
                                .map(body -> new Document(
                                        response.statusCode().value(),
                                        body,
                                        response.headers()
                                                .contentType()
                                                .map(MediaType::toString)
                                                .orElse("application/json"),
                                        response.headers().asHttpHeaders().getFirst(HttpHeaders.ETAG),
                                        response.headers().asHttpHeaders().getFirst(HttpHeaders.CACHE_CONTROL),
                                        System.nanoTime()))))
                .timeout(properties.timeout())
                .filter(document -> document.status() == 200 || document.status() == 404)
                .doOnNext(document -> {
                    if (document.status() == 200) {
                        lastGood.put(eventId, document);
                    } else {
                        lastGood.remove(eventId);
                    }
                })
                .map(Optional::of)
                .onErrorResume(error -> Mono.empty())
                .switchIfEmpty(Mono.fromSupplier(() -> staleDocument(eventId)));
    }

    private Optional<Document> staleDocument(UUID eventId) {
        Document last = lastGood.get(eventId);
        if (last == null
                || System.nanoTime() - last.fetchedAt() > properties.staleFor().toNanos()) {
            return Optional.empty();
        }
        stale.increment();
        return Optional.of(last);
    }

    private void evictOlderThan(long startedBefore) {
        slots.entrySet().removeIf(entry -> entry.getValue().startedAt() < startedBefore);
        lastGood.keySet().retainAll(slots.keySet());
    }
}
