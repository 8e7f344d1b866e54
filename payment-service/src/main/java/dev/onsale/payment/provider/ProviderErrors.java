package dev.onsale.payment.provider;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The acquirer's errors of all replicas over the last minute, for the operators' dashboard: one Redis hash per
 * second ({@code payment:provider:errors:<epoch second>}, outcome -> calls, kept {@value #KEEP_SECONDS} s). Every
 * call made that the acquirer did not accept counts (429s, timeouts, 5xx, refused credentials, try-again and
 * rejected requests); calls the breaker kept from being made do not. Recording is best effort: a Redis that does
 * not answer costs a count, never a payment.
 */
public final class ProviderErrors {

    private static final Logger log = LoggerFactory.getLogger(ProviderErrors.class);
    private static final String PREFIX = "payment:provider:errors:";
    private static final int WINDOW_SECONDS = 60;
    private static final int KEEP_SECONDS = 90;

    /** Errors of the last minute: the total and the count of each outcome (outcomes without errors left out). */
    public record LastMinute(long total, Map<String, Long> byOutcome) {}

    private final UnifiedJedis redis;
    private final Clock clock;

    ProviderErrors(UnifiedJedis redis, Clock clock) {
        this.redis = redis;
        this.clock = clock;
    }

    static boolean counts(Outcome outcome) {
        return outcome != Outcome.ACCEPTED && outcome != Outcome.BREAKER_OPEN;
    }

    void record(Outcome outcome) {
        if (!counts(outcome)) {
            return;
        }
        String key = PREFIX + clock.instant().getEpochSecond();
        try (var pipeline = redis.pipelined()) {
            pipeline.hincrBy(key, outcome.tag(), 1);
            pipeline.expire(key, KEEP_SECONDS);
            pipeline.sync();
        } catch (JedisException e) {
            log.debug("provider error not counted: {}", e.toString());
        }
    }

    /** The 60 whole seconds up to and including this one. */
    public LastMinute lastMinute() {
        long now = clock.instant().getEpochSecond();
        List<Response<Map<String, String>>> seconds = new ArrayList<>(WINDOW_SECONDS);
        try (var pipeline = redis.pipelined()) {
            for (long second = now - WINDOW_SECONDS + 1; second <= now; second++) {
                seconds.add(pipeline.hgetAll(PREFIX + second));
            }
            pipeline.sync();
        }
        Map<String, Long> byOutcome = new TreeMap<>();
        long total = 0;
        for (Response<Map<String, String>> second : seconds) {
            for (Map.Entry<String, String> entry : second.get().entrySet()) {
                long calls = Long.parseLong(entry.getValue());
                byOutcome.merge(entry.getKey(), calls, Long::sum);
                total += calls;
            }
        }
        return new LastMinute(total, byOutcome);
    }
}
