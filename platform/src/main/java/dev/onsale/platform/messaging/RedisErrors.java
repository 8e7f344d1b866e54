package dev.onsale.platform.messaging;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which Redis error replies say "never" and which say "not now". Jedis raises every error reply as
 * {@code JedisDataException}, so the class alone cannot tell. Permanent are only the replies that depend on the
 * record itself and fail the same way every time: a script refusing its input (Onsale's scripts answer
 * {@code redis.error_reply('<script>: <reason>')}), a script failing at run time, a key of the wrong type.
 * Anything else passes by itself or by an operator's hand and is retried: the dataset loading after a restart,
 * a script running, a replica promoted or demoted, memory or disk full ({@code OOM}, {@code MISCONF}), a slot
 * moving or the cluster down, credentials being rotated ({@code NOAUTH}, {@code WRONGPASS}, {@code NOPERM}).
 * Dead-lettering a release for one of these kept its seats off the sale for good.
 */
final class RedisErrors {

    private static final String DATA_ERROR = "redis.clients.jedis.exceptions.JedisDataException";
    /** {@code <script>: <reason>}, optionally after {@code ERR }: an Onsale script refused its input. */
    private static final Pattern SCRIPT_REFUSAL = Pattern.compile("^(ERR )?[a-z_]+: .*", Pattern.DOTALL);

    /** A Redis error reply that retrying cannot cure: the record goes to its dead-letter topic at once. */
    static final class PermanentReply extends RuntimeException {
        PermanentReply(Throwable failure) {
            super("permanent Redis error reply: " + failure.getMessage(), failure);
        }
    }

    /** A Redis error reply that passes by itself: the record is retried with back-off. */
    static final class TransientReply extends RuntimeException {
        TransientReply(Throwable failure) {
            super("transient Redis error reply: " + failure.getMessage(), failure);
        }
    }

    private RedisErrors() {}

    /**
     * {@code failure} as the error handler should judge it: wrapped in {@link PermanentReply} or {@link TransientReply}
     * when it is (or was caused by) a Redis error reply, unchanged otherwise.
     */
    static Exception classify(Exception failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (isDataError(cause.getClass())) {
                return isPermanent(cause.getMessage()) ? new PermanentReply(failure) : new TransientReply(failure);
            }
        }
        return failure;
    }

    /** Whether an error reply's text says the same record will fail the same way every time. */
    static boolean isPermanent(String reply) {
        if (reply == null || reply.isBlank()) {
            return false;
        }
        String text = reply.strip();
        String first = text.split("\\s", 2)[0].toUpperCase(Locale.ROOT);
        return first.equals("WRONGTYPE")
                || text.contains("Error running script")
                || text.contains("user_script")
                || SCRIPT_REFUSAL.matcher(text).matches();
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
