package dev.onsale.queue.admission;

import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Admission to an event: the tokens handed out and the pump that lets buyers in.
 *
 * @param key                   HMAC key signing admission tokens (from {@code ONSALE_ADMISSION_KEY}; the
 *                              gateway verifies with the same); at least 32 bytes
 * @param previousKeys          keys still accepted during a rotation ({@code ONSALE_ADMISSION_PREVIOUS_KEYS})
 * @param ttl                   how long an admission serves to place holds
 * @param defaultMaxAdmitPerSecond admissions per second per event unless an operator set one
 * @param minActiveBuyers       least default maxActiveBuyers of an event
 * @param activeBuyersPerSeat   default maxActiveBuyers per seat of the event's capacity
 * @param bucketDepth           burst of the admission rate: the token bucket holds this much of it
 * @param maxBatch              most buyers one pump stroke admits
 * @param rateWindow            window over which the admission rate is measured (for wait estimates)
 * @param cleanupBatch          most expired admission records one pump stroke deletes
 * @param claimWindow           under the default maxActiveBuyers (no operator's), a buyer admitted less than this
 *                              long ago who has not placed an order yet claims one free seat, and the pump admits
 *                              no more buyers than there are free seats unclaimed: the buyers a seat cannot be
 *                              found for wait in the line, where a poll is the public progress document, instead
 *                              of asking for holds that are refused. One who does not hold within the window stops
 *                              claiming, so buyers who leave after their admission stall the line this long at most
 *                              (a window longer than the ttl acts as the ttl)
 */
@ConfigurationProperties("onsale.admission")
public record AdmissionProperties(
        String key,
        @DefaultValue List<String> previousKeys,
        @DefaultValue("10m") Duration ttl,
        @DefaultValue("200") int defaultMaxAdmitPerSecond,
        @DefaultValue("50") int minActiveBuyers,
        @DefaultValue("2") int activeBuyersPerSeat,
        @DefaultValue("500ms") Duration bucketDepth,
        @DefaultValue("2000") int maxBatch,
        @DefaultValue("10s") Duration rateWindow,
        @DefaultValue("1000") int cleanupBatch,
        @DefaultValue("30s") Duration claimWindow) {

    public AdmissionProperties {
        if (ttl.toSeconds() < 1) {
            throw new IllegalArgumentException("onsale.admission.ttl must be at least 1s");
        }
        if (defaultMaxAdmitPerSecond < 1
                || minActiveBuyers < 1
                || activeBuyersPerSeat < 1
                || maxBatch < 1
                || cleanupBatch < 1) {
            throw new IllegalArgumentException("onsale.admission counts must be positive");
        }
        if (claimWindow.isNegative()) {
            throw new IllegalArgumentException("onsale.admission.claim-window must not be negative");
        }
        if (bucketDepth.isNegative() || bucketDepth.isZero() || rateWindow.toSeconds() < 1) {
            throw new IllegalArgumentException("onsale.admission.bucket-depth must be positive, rate-window >= 1s");
        }
    }
}
