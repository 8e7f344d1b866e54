package dev.onsale.engines;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import redis.embedded.RedisServer;

/**
 * One plain redis-server, configured as {@link EmbeddedEngines}' (expiry notifications on, nothing persisted), for
 * tests that compare a {@link RedisClusterEngine} with a single server without starting Kafka and PostgreSQL.
 */
public final class LoneRedisServer implements AutoCloseable {

    private static final String LOOPBACK = "127.0.0.1";
    private static LoneRedisServer shared;

    private final Path dir;
    private final RedisServer server;
    private final int port;

    private LoneRedisServer(Path dir, RedisServer server, int port) {
        this.dir = dir;
        this.server = server;
        this.port = port;
    }

    /** One server for every test of this JVM, started on first use and stopped when the JVM exits. */
    public static synchronized LoneRedisServer forTests() {
        if (shared == null) {
            LoneRedisServer server = start();
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "onsale-lone-redis-shutdown"));
            shared = server;
        }
        return shared;
    }

    public static LoneRedisServer start() {
        try {
            Path dir = Files.createTempDirectory("onsale-lone-redis-");
            int port = EngineFiles.freePort();
            RedisServer server = RedisServer.newRedisServer()
                    .port(port)
                    .bind(LOOPBACK)
                    .setting("notify-keyspace-events Ex")
                    .setting("dir " + dir)
                    .setting("save \"\"")
                    .setting("appendonly no")
                    .setting("protected-mode no")
                    .build();
            server.start();
            return new LoneRedisServer(dir, server, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code redis://127.0.0.1:<port>}. */
    public String url() {
        return "redis://" + LOOPBACK + ":" + port;
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (IOException | RuntimeException ignored) {
            // the files go all the same
        }
        EngineFiles.deleteRecursively(dir);
    }
}
