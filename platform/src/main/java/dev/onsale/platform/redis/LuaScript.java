package dev.onsale.platform.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Response;
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

    /** The keys and arguments of one run of a script. */
    public record Call(List<String> keys, List<String> args) {

        public Call {
            keys = List.copyOf(keys);
            args = List.copyOf(args);
        }
    }

    /**
     * Runs the script once for each of {@code calls}, in their order, in one pipelined round trip; the replies come
     * in the same order. Redis runs each call alone, as {@link #run} does, though other clients' commands may come
     * between two of them. On NOSCRIPT (Redis forgot its scripts) the script is loaded and every call is run again:
     * run this way only a script that is safe to run twice with the same arguments.
     */
    public List<Object> runEach(UnifiedJedis jedis, List<Call> calls) {
        try {
            return pipelined(jedis, calls);
        } catch (JedisNoScriptException e) {
            jedis.scriptLoad(source);
            return pipelined(jedis, calls);
        }
    }

    private List<Object> pipelined(UnifiedJedis jedis, List<Call> calls) {
        List<Response<Object>> replies = new ArrayList<>(calls.size());
        try (AbstractPipeline pipeline = jedis.pipelined()) {
            for (Call call : calls) {
                replies.add(pipeline.evalsha(sha, call.keys(), call.args()));
            }
            pipeline.sync();
        }
        List<Object> answers = new ArrayList<>(replies.size());
        for (Response<Object> reply : replies) {
            answers.add(reply.get());
        }
        return answers;
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
