package dev.onsale.launcher;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * What the engines process writes to its ready file once every engine answers: the pids of the processes it started
 * (PostgreSQL, each redis-server) and the {@code ONSALE_*} endpoints the services are given.
 *
 * @param enginePids  each engine process's name, as {@link Teardown} knows it, and its pid as written (may be absent)
 * @param environment the endpoints, in the services' settings
 */
record EnginesReady(Map<String, String> enginePids, Map<String, String> environment) {

    /** The services' setting naming a Redis Cluster's nodes, passed on from the engines when Redis is one. */
    static final String REDIS_CLUSTER_NODES = "ONSALE_REDIS_CLUSTER_NODES";

    private static final List<String> ENDPOINTS = List.of(
            "ONSALE_KAFKA_BOOTSTRAP", "ONSALE_DB_URL", "ONSALE_DB_USER", "ONSALE_DB_PASSWORD", "ONSALE_REDIS_URL");

    static EnginesReady read(Path ready) {
        var properties = new Properties();
        try (Reader reader = Files.newBufferedReader(ready, StandardCharsets.ISO_8859_1)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new StackException("could not read " + ready + ": " + e.getMessage(), e);
        }
        var pids = new LinkedHashMap<String, String>();
        pids.put(Teardown.POSTGRES, properties.getProperty("postgresPid"));
        pids.put(Teardown.REDIS, properties.getProperty("redisPid"));
        String clusterPids = properties.getProperty("redisClusterPids", "");
        if (!clusterPids.isBlank()) {
            // the first node is redisPid already: the others get names of their own, for down to stop them too
            String[] nodes = clusterPids.split(",");
            for (int i = 1; i < nodes.length; i++) {
                pids.put(Teardown.REDIS + "-" + (i + 1), nodes[i]);
            }
        }
        var env = new LinkedHashMap<String, String>();
        for (String name : ENDPOINTS) {
            env.put(name, properties.getProperty(name, ""));
        }
        if (properties.containsKey(REDIS_CLUSTER_NODES)) {
            env.put(REDIS_CLUSTER_NODES, properties.getProperty(REDIS_CLUSTER_NODES));
        }
        return new EnginesReady(pids, Map.copyOf(env));
    }
}
