package dev.onsale.queue.admission;

import dev.onsale.platform.web.FieldError;
import dev.onsale.platform.web.ProblemException;
import dev.onsale.queue.QueueKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import redis.clients.jedis.UnifiedJedis;

/**
 * An operator's admission settings for an event, kept whether or not the event is known yet: the
 * pump reads them on every stroke, so they apply from the next one (or from the event's arrival).
 */
@Component
public class AdmissionSettings {

    /** Far above any venue (100,000 seats at most), low enough to catch a typo. */
    public static final long MAX_ACTIVE_BUYERS = 1_000_000;
    /** Far above what booking and payment absorb, low enough to catch a typo. */
    public static final long MAX_ADMIT_PER_SECOND = 10_000;

    /** Effective settings of an event. */
    public record Caps(long maxActiveBuyers, long maxAdmitPerSecond) {}

    private final UnifiedJedis jedis;

    AdmissionSettings(UnifiedJedis jedis) {
        this.jedis = jedis;
    }

    /**
     * Validates and stores both settings (one HSET: never half applied).
     *
     * @throws ProblemException 400 {@code invalid-request} naming each missing or out-of-range field
     */
    public Caps set(UUID eventId, Long maxActiveBuyers, Long maxAdmitPerSecond) {
        List<FieldError> errors = new ArrayList<>();
        check("maxActiveBuyers", maxActiveBuyers, MAX_ACTIVE_BUYERS, errors);
        check("maxAdmitPerSecond", maxAdmitPerSecond, MAX_ADMIT_PER_SECOND, errors);
        if (!errors.isEmpty()) {
            throw ProblemException.invalidRequest(errors);
        }
        jedis.hset(
                QueueKeys.settings(eventId),
                Map.of(
                        "maxActiveBuyers", maxActiveBuyers.toString(),
                        "maxAdmitPerSecond", maxAdmitPerSecond.toString()));
        return new Caps(maxActiveBuyers, maxAdmitPerSecond);
    }

    private static void check(String field, Long value, long max, List<FieldError> errors) {
        if (value == null) {
            errors.add(new FieldError(field, "is required"));
        } else if (value < 1 || value > max) {
            errors.add(new FieldError(field, "must be an integer between 1 and " + max));
        }
    }
}
