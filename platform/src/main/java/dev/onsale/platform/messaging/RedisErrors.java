package dev.onsale.platform.messaging;

import java.util.Locale;
import java.util.Set;

/**
 * Which Redis error replies say "never" and which say "not now". Redis answers a command it cannot run at this
 * moment with an error whose first word names the condition: the dataset is still loading after a restart, a
 * script is running, a replica was promoted or demoted, memory is full, a cluster slot is moving or the
 * cluster is down, the script cache is empty after a restart. Each passes by itself, so a record that met one
 * is retried; any other error reply (a script refusing its input, a wrong type) fails the same way every time
 * and is permanent. Jedis raises all of them as {@code JedisDataException}, so the class alone cannot tell.
 */
final class RedisErrors {

    private static final String DATA_ERROR = "redis.clients.jedis.exceptions.JedisDataException";
    /** First words of error replies that clear by themselves. */
    static final Set<String> TRANSIENT = Set.of("LOADING", "BUSY", "READONLY", "MASTERDOWN", "OOM", "TRYAGAIN",
            "CLUSTERDOWN", "NOSCRIPT", "MOVED", "ASK", "NOREPLICAS", "UNBLOCKED", "NOTBUSY");

    private RedisErrors() {
    }

    /** Whether {@code failure} (or one of its causes) is a Redis error reply that retrying cannot cure. */
    static boolean isPermanent(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (isDataError(cause.getClass())) {
                return !isTransient(cause.getMessage());
            }
        }
        return false;
    }

    /** Whether an error reply's text names a condition that passes by itself. */
    static boolean isTransient(String reply) {
        if (reply == null || reply.isBlank()) {
            return false;
        }
        String first = reply.strip().split("\\s", 2)[0].toUpperCase(Locale.ROOT);
        return TRANSIENT.contains(first);
    }

    private static boolean isDataError(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().equals(DATA_ERROR)) {
                return true;
            }
        }
        return false;
    }
}
