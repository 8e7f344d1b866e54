package dev.onsale.common.events;

import java.time.Instant;
import java.util.Objects;
import java.util.UUID;

/**
 * The gate's store (Redis) came back without what it held: its epoch marker was gone at {@code detectedAt} and
 * {@code epoch} is the new one. Holds answer 503 until each event's gate is rebuilt from the database, which
 * booking starts at once (a reconciliation run) and follows by announcing its open events again.
 */
public record GateLost(UUID epoch, Instant detectedAt) implements ReconciliationReply {

    public GateLost {
        Objects.requireNonNull(epoch, "epoch");
        Objects.requireNonNull(detectedAt, "detectedAt");
    }
}
