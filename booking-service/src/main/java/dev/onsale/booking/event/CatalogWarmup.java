package dev.onsale.booking.event;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/** Warms the catalog before the service reports itself ready (readiness follows the runners). */
@Component
class CatalogWarmup implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(CatalogWarmup.class);

    private final EventCatalog catalog;

    CatalogWarmup(EventCatalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public void run(ApplicationArguments args) {
        long started = System.nanoTime();
        try {
            catalog.warm();
            log.info("Catalog warmed in {} ms", (System.nanoTime() - started) / 1_000_000);
        } catch (RuntimeException e) {
            // A cold cache is slower, not wrong: the service still starts.
            log.warn("Catalog warm-up failed; responses will be loaded on first request", e);
        }
    }
}
