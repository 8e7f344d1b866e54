package dev.onsale.platform.web;

import java.util.Set;

/**
 * Recognises a failure that means "an engine did not answer in time" — Redis, PostgreSQL or Kafka
 * unreachable, a pool exhausted, a timeout — as opposed to a bug. Such a request is answered 503
 * with {@code Retry-After} (invariant I6: the only 5xx a buyer may see), never 500. Matched by class
 * name along each cause's type hierarchy, because each engine's client is an optional dependency.
 */
final class DependencyFailures {

    private static final Set<String> TRANSIENT = Set.of(
            "redis.clients.jedis.exceptions.JedisConnectionException",
            "redis.clients.jedis.exceptions.JedisClusterOperationException",
            "org.springframework.dao.TransientDataAccessException",
            "org.springframework.dao.DataAccessResourceFailureException",
            "org.springframework.transaction.CannotCreateTransactionException",
            "org.apache.kafka.common.errors.RetriableException",
            "java.net.SocketTimeoutException",
            "java.net.ConnectException",
            "java.util.concurrent.TimeoutException");
    /** Jedis reports an exhausted pool as a bare JedisException caused by this. */
    private static final String POOL_EXHAUSTED = "java.util.NoSuchElementException";

    private static final String JEDIS_EXCEPTION = "redis.clients.jedis.exceptions.JedisException";

    private DependencyFailures() {}

    static boolean isTransient(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (isA(cause, TRANSIENT)) {
                return true;
            }
            if (cause.getClass().getName().equals(JEDIS_EXCEPTION)
                    && cause.getCause() != null
                    && cause.getCause().getClass().getName().equals(POOL_EXHAUSTED)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isA(Throwable cause, Set<String> names) {
        for (Class<?> type = cause.getClass(); type != null; type = type.getSuperclass()) {
            if (names.contains(type.getName())) {
                return true;
            }
        }
        return false;
    }
}
