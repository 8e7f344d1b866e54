package dev.onsale.platform.redis;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Predicate;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * One read per item, all in one pipeline (one round trip however many items; a Redis Cluster gets one per node):
 * what a loop over every event, stream or line asks each round without costing a round trip each.
 */
public final class PipelinedReads {

    private PipelinedReads() {}

    /**
     * The items, in their order, whose value passes {@code test}; an item whose read got an error reply (a key of
     * another type) is kept if {@code keepUnreadable}, so that the caller's own call on it can say what is wrong.
     */
    public static <T, R> List<T> matching(
            UnifiedJedis jedis,
            Collection<T> items,
            BiFunction<AbstractPipeline, T, Response<R>> read,
            Predicate<R> test,
            boolean keepUnreadable) {
        if (items.isEmpty()) {
            return List.of();
        }
        Map<T, Response<R>> values = new LinkedHashMap<>();
        try (AbstractPipeline pipeline = jedis.pipelined()) {
            for (T item : items) {
                values.put(item, read.apply(pipeline, item));
            }
            pipeline.sync();
        }
        List<T> matching = new ArrayList<>();
        values.forEach((item, value) -> {
            if (passes(value, test, keepUnreadable)) {
                matching.add(item);
            }
        });
        return matching;
    }

    private static <R> boolean passes(Response<R> value, Predicate<R> test, boolean keepUnreadable) {
        try {
            return test.test(value.get());
        } catch (JedisDataException e) {
            return keepUnreadable;
        }
    }
}
