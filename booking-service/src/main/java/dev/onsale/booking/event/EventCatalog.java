package dev.onsale.booking.event;

import com.github.benmanes.caffeine.cache.AsyncLoadingCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.onsale.booking.event.CatalogKey.AllEvents;
import dev.onsale.booking.event.CatalogKey.Detail;
import dev.onsale.booking.event.CatalogKey.Seats;
import dev.onsale.booking.event.CatalogViews.EventDetail;
import dev.onsale.booking.event.CatalogViews.EventSeats;
import dev.onsale.booking.event.CatalogViews.EventSummary;
import dev.onsale.booking.event.CatalogViews.SeatView;
import dev.onsale.common.events.SaleState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import tools.jackson.databind.json.JsonMapper;

/**
 * The anonymous read path: rendered responses cached per key for {@code cache-ttl}. However many
 * requests miss one key at once, the database is asked once (Caffeine's async loading shares the one
 * pending load), so a burst of buyers at sale start costs one query per key and second.
 */
@Component
public class EventCatalog implements DisposableBean {

    /** Sales buyers may still act on; their responses are warmed at start-up. */
    private static final Set<SaleState> LIVE = EnumSet.of(SaleState.SCHEDULED, SaleState.OPEN, SaleState.PAUSED);

    private final Events events;
    private final JsonMapper json;
    private final MeterRegistry meters;
    private final ExecutorService loaders = Executors.newVirtualThreadPerTaskExecutor();
    private final AsyncLoadingCache<CatalogKey, CachedJson> cache;
    private final Duration clientMaxAge;

    EventCatalog(Events events, JsonMapper json, MeterRegistry meters, CatalogProperties properties) {
        this.events = events;
        this.json = json;
        this.meters = meters;
        this.clientMaxAge = properties.clientMaxAge();
        this.cache = Caffeine.newBuilder()
                .expireAfterWrite(properties.cacheTtl())
                .maximumSize(properties.maxEntries())
                .executor(loaders)
                .buildAsync(this::load);
    }

    public CachedJson allEvents() {
        return get(new AllEvents());
    }

    public CachedJson event(UUID eventId) {
        return get(new Detail(eventId));
    }

    public CachedJson seats(UUID eventId) {
        return get(new Seats(eventId));
    }

    public Duration clientMaxAge() {
        return clientMaxAge;
    }

    /** Renders the list, and each live event's detail and seats, so the first buyers find them cached. */
    public void warm() {
        allEvents();
        for (Event event : events.all()) {
            if (LIVE.contains(event.saleState())) {
                event(event.id());
                seats(event.id());
            }
        }
    }

    /** Forgets what the current transaction changes about {@code eventId}, once it has committed. */
    void evictAfterCommit(UUID eventId) {
        List<CatalogKey> keys = List.of(new AllEvents(), new Detail(eventId), new Seats(eventId));
        if (TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    cache.synchronous().invalidateAll(keys);
                }
            });
        } else {
            cache.synchronous().invalidateAll(keys);
        }
    }

    @Override
    public void destroy() {
        loaders.close();
    }

    private CachedJson get(CatalogKey key) {
        try {
            return cache.get(key).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException cause) {
                throw cause;
            }
            throw e;
        }
    }

    private CachedJson load(CatalogKey key) {
        Counter.builder("onsale.catalog.loads")
                .description("Database loads of catalog responses (cache misses that reached PostgreSQL)")
                .tag("view", key.view())
                .register(meters)
                .increment();
        return switch (key) {
            case AllEvents a ->
                render(events.all().stream().map(EventSummary::of).toList());
            case Detail d ->
                events.find(d.eventId()).map(e -> render(EventDetail.of(e))).orElse(CachedJson.notFound());
            case Seats s ->
                events.find(s.eventId())
                        .map(e -> render(new EventSeats(
                                e.id(),
                                events.seats(e.id()).stream().map(SeatView::of).toList())))
                        .orElse(CachedJson.notFound());
        };
    }

    private CachedJson render(Object view) {
        return CachedJson.of(json.writeValueAsBytes(view));
    }
}
