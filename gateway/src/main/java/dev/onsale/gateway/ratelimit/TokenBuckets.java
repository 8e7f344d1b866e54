package dev.onsale.gateway.ratelimit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.connection.RedisClusterConfiguration;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The Redis side of rate limiting: takes from every bucket that applies to a request, all or nothing.
 * <p>
 * Each bucket key carries its own hash tag ({@code {address}}, {@code {session id}}), so in a Redis Cluster the
 * buckets spread over the shards by address and by session. On a single server one script call takes from both
 * buckets atomically. In a cluster the two buckets are in different slots, so one script may not touch both: each
 * is taken from on its own, at once, and when one refuses, the token the other took is given back
 * ({@code give_back.lua}). A request refused there still takes nothing in the end, but for the moment between
 * the take and the give-back a concurrent request may find that bucket one token lower.
 */
@Component
class TokenBuckets {

    /** The outcome of one take; {@code retryAfter} is zero when allowed. */
    record Verdict(boolean allowed, Duration retryAfter, String refusedBy) {}

    /**
     * Built from the script's text, read once: a script built from a resource re-checks the resource's
     * modification time on every call, which inside a jar means a failed file lookup per request.
     */
    @SuppressWarnings("rawtypes")
    private static final RedisScript<List> TAKE = RedisScript.of(read("take_tokens.lua"), List.class);

    private static final RedisScript<Long> GIVE_BACK = RedisScript.of(read("give_back.lua"), Long.class);

    private final ReactiveStringRedisTemplate redis;
    private final RateLimitProperties limits;
    private final boolean cluster;
    /** The script's arguments (rate and capacity per bucket), fixed by the settings: built once, not per request. */
    private final List<String> addressArgs;

    private final List<String> sessionArgs;
    private final List<String> bothArgs;

    @Autowired
    TokenBuckets(
            ReactiveStringRedisTemplate redis,
            RateLimitProperties limits,
            ObjectProvider<RedisClusterConfiguration> cluster) {
        this(redis, limits, cluster.getIfAvailable() != null);
    }

    /** @param cluster whether the buckets are in a Redis Cluster (each taken from on its own) */
    TokenBuckets(ReactiveStringRedisTemplate redis, RateLimitProperties limits, boolean cluster) {
        this.redis = redis;
        this.limits = limits;
        this.cluster = cluster;
        this.addressArgs = List.of(Double.toString(limits.addressPerSecond()), Integer.toString(limits.addressBurst()));
        this.sessionArgs = List.of(Double.toString(limits.sessionPerSecond()), Integer.toString(limits.sessionBurst()));
        this.bothArgs = List.of(addressArgs.get(0), addressArgs.get(1), sessionArgs.get(0), sessionArgs.get(1));
    }

    /** Takes a token for {@code address}, and for {@code session} when the call is a buyer's. */
    Mono<Verdict> take(String address, Optional<UUID> session) {
        Bucket byAddress = new Bucket(addressKey(address), limits.addressBurst(), 1);
        if (session.isEmpty()) {
            return take(List.of(byAddress.key()), addressArgs).map(TokenBuckets::verdict);
        }
        Bucket bySession = new Bucket(sessionKey(session.get()), limits.sessionBurst(), 2);
        if (!cluster) {
            return take(List.of(byAddress.key(), bySession.key()), bothArgs).map(TokenBuckets::verdict);
        }
        return Mono.zip(take(List.of(byAddress.key()), addressArgs), take(List.of(bySession.key()), sessionArgs))
                .flatMap(replies -> settle(byAddress, replies.getT1(), bySession, replies.getT2()));
    }

    /** Bucket of one client address: {@code <prefix>address:{<address>}}, a slot per address. */
    String addressKey(String address) {
        return limits.keyPrefix() + "address:{" + address + "}";
    }

    /** Bucket of one buyer session: {@code <prefix>session:{<session id>}}, a slot per session. */
    String sessionKey(UUID session) {
        return limits.keyPrefix() + "session:{" + session + "}";
    }

    /** A bucket of this request: its key, its capacity (for a give-back) and the code the script names it by. */
    private record Bucket(String key, int capacity, int code) {}

    /** One script call taking from the buckets of {@code keys}; {@code args}: each one's rate and capacity. */
    private Mono<List<?>> take(List<String> keys, List<String> args) {
        return redis.execute(TAKE, keys, args).next().map(reply -> (List<?>) reply);
    }

    /** Combines two single-bucket takes as the two-bucket script would, giving back a token a refusal left taken. */
    private Mono<Verdict> settle(Bucket first, List<?> firstReply, Bucket second, List<?> secondReply) {
        boolean firstAllowed = allowed(firstReply);
        boolean secondAllowed = allowed(secondReply);
        if (firstAllowed && secondAllowed) {
            return Mono.just(verdict(firstReply));
        }
        long firstWait = waitMillis(firstReply);
        long secondWait = waitMillis(secondReply);
        // the script names the bucket with the longest wait, the first one on a tie
        boolean secondRefuses = !secondAllowed && (firstAllowed || secondWait > firstWait);
        Verdict refused = secondRefuses
                ? new Verdict(false, Duration.ofMillis(secondWait), refuser(second.code()))
                : new Verdict(false, Duration.ofMillis(firstWait), refuser(first.code()));
        Bucket taken = firstAllowed ? first : secondAllowed ? second : null;
        if (taken == null) {
            return Mono.just(refused);
        }
        return redis.execute(GIVE_BACK, List.of(taken.key()), List.of(Integer.toString(taken.capacity())))
                .then(Mono.just(refused));
    }

    private static String read(String name) {
        try (InputStream in = new ClassPathResource(name, TokenBuckets.class).getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("rate limit script " + name + " missing", e);
        }
    }

    private static boolean allowed(List<?> reply) {
        return ((Number) reply.get(0)).longValue() == 1;
    }

    private static long waitMillis(List<?> reply) {
        return ((Number) reply.get(1)).longValue();
    }

    private static String refuser(int code) {
        return switch (code) {
            case 1 -> "address";
            case 2 -> "session";
            default -> "none";
        };
    }

    private static Verdict verdict(List<?> reply) {
        return new Verdict(
                allowed(reply), Duration.ofMillis(waitMillis(reply)), refuser(((Number) reply.get(2)).intValue()));
    }
}
