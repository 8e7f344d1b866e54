package dev.onsale.gateway.ratelimit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.data.redis.core.script.RedisScript;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** The Redis side of rate limiting: one script call per request, taking from every bucket that applies. */
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

    private final ReactiveStringRedisTemplate redis;
    private final RateLimitProperties limits;

    TokenBuckets(ReactiveStringRedisTemplate redis, RateLimitProperties limits) {
        this.redis = redis;
        this.limits = limits;
    }

    /** Takes a token for {@code address}, and for {@code session} when the call is a buyer's. */
    Mono<Verdict> take(String address, Optional<UUID> session) {
        List<String> keys = new ArrayList<>(2);
        List<String> args = new ArrayList<>(4);
        keys.add(limits.keyPrefix() + "address:" + address);
        args.add(Double.toString(limits.addressPerSecond()));
        args.add(Integer.toString(limits.addressBurst()));
        session.ifPresent(id -> {
            keys.add(limits.keyPrefix() + "session:" + id);
            args.add(Double.toString(limits.sessionPerSecond()));
            args.add(Integer.toString(limits.sessionBurst()));
        });
        return redis.execute(TAKE, keys, args).next().map(TokenBuckets::verdict);
    }

    private static String read(String name) {
        try (InputStream in = new ClassPathResource(name, TokenBuckets.class).getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("rate limit script " + name + " missing", e);
        }
    }

    private static Verdict verdict(List<?> reply) {
        boolean allowed = ((Number) reply.get(0)).longValue() == 1;
        Duration wait = Duration.ofMillis(((Number) reply.get(1)).longValue());
        String refusedBy = switch (((Number) reply.get(2)).intValue()) {
            case 1 -> "address";
            case 2 -> "session";
            default -> "none";
        };
        return new Verdict(allowed, wait, refusedBy);
    }
}
