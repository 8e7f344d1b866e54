package dev.onsale.platform.streamrelay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.testing.RedisServers;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * The relay's lease scripts with the lease key {@link StreamRelay} builds for an event's outbox stream, and
 * {@link LuaScript#runEach} across slots after the scripts were flushed (NOSCRIPT: loaded on every node), on a real
 * 3-node Redis Cluster as on one server.
 */
class ClusterScriptsTest {

    private static final LuaScript ACQUIRE = LuaScript.load(StreamRelay.class, "acquire_lease.lua");
    private static final LuaScript RELEASE = LuaScript.load(StreamRelay.class, "release_lease.lua");

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();

    @Test
    void theLeaseScriptsAnswerOnAClusterAsOnOneServer() {
        String stream = "inventory:{" + UUID.randomUUID() + "}:outbox";

        assertThat(lease(cluster, stream)).isEqualTo(lease(single, stream)).containsExactly(1L, 0L, 1L, 0L, 1L, 1L);
    }

    @Test
    void scriptsRunInOnePipelineAcrossSlotsAreLoadedOnEveryNodeAfterAFlush() {
        List<LuaScript.Call> calls = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String lease = StreamRelay.leaseKey("inventory:{" + UUID.randomUUID() + "}:outbox");
            calls.add(new LuaScript.Call(List.of(lease), List.of("replica-a", "10000")));
        }
        cluster.getClusterNodes().values().forEach(pool -> {
            try (var connection = pool.getResource()) {
                connection.executeCommand(
                        new redis.clients.jedis.CommandArguments(redis.clients.jedis.Protocol.Command.SCRIPT)
                                .add("FLUSH"));
            }
        });

        assertThat(ACQUIRE.runEach(cluster, calls)).hasSize(12).containsOnly(1L);
    }

    private static List<Object> lease(UnifiedJedis jedis, String stream) {
        String key = StreamRelay.leaseKey(stream);
        return List.of(
                ACQUIRE.run(jedis, List.of(key), List.of("replica-a", "10000")),
                ACQUIRE.run(jedis, List.of(key), List.of("replica-b", "10000")),
                ACQUIRE.run(jedis, List.of(key), List.of("replica-a", "10000")),
                RELEASE.run(jedis, List.of(key), List.of("replica-b")),
                RELEASE.run(jedis, List.of(key), List.of("replica-a")),
                ACQUIRE.run(jedis, List.of(key), List.of("replica-b", "10000")));
    }
}
