package dev.onsale.booking.event;

import dev.onsale.platform.scheduling.PeriodicPass;
import org.springframework.stereotype.Component;

/**
 * Every {@code interval}, opens the scheduled sales that are due ({@link SaleControl#openDue}). Replicas
 * run it side by side: due rows are locked with SKIP LOCKED, so passes never wait for each other and an
 * event is opened (and announced) once.
 */
@Component
class SaleClock extends PeriodicPass {

    private final SaleControl control;
    private final SaleClockProperties properties;

    SaleClock(SaleControl control, SaleClockProperties properties) {
        super("sale-clock", properties.enabled(), properties.interval());
        this.control = control;
        this.properties = properties;
    }

    @Override
    protected void pass() {
        int opened;
        do {
            opened = control.openDue(properties.batchSize());
        } while (opened == properties.batchSize());
    }
}
