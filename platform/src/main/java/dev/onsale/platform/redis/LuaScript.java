package dev.onsale.platform.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisNoScriptException;

/**
 * A Lua script from a class-path resource, run by SHA with a fallback to EVAL on NOSCRIPT (a Redis
 * restart or failover forgets loaded scripts). Immutable and thread-safe.
 */
public final class LuaScript {

    private final String source;
    private final String sha;

    private LuaScript(String source) {
        this.source = source;
        this.sha = sha1(source);
    }

    /** Loads {@code resource} from {@code anchor}'s package. */
    public static LuaScript load(Class<?> anchor, String resource) {
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing Lua resource " + resource + " next to " + anchor.getName());
            }
            return new LuaScript(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Object run(UnifiedJedis jedis, List<String> keys, List<String> args) {
        try {
            return jedis.evalsha(sha, keys, args);
        } catch (JedisNoScriptException e) {
            return jedis.eval(source, keys, args);
        }
    }

    private static String sha1(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
