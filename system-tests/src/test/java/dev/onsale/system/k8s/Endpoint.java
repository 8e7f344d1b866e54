package dev.onsale.system.k8s;

import java.util.Map;

/** Where an engine listens: a Service in the engine's namespace. */
record Endpoint(String namespace, int port) {

    Peer peer() {
        return Peer.pod(namespace, Map.of(), Map.of());
    }

    @Override
    public String toString() {
        return namespace + ":" + port;
    }
}
