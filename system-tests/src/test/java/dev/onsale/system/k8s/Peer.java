package dev.onsale.system.k8s;

import java.util.Map;

/** A party to a connection: a pod (namespace, labels, named ports) or an address outside the cluster. */
record Peer(String namespace, Map<String, String> labels, Map<String, Integer> ports, String address) {

    static Peer pod(String namespace, Map<String, String> labels, Map<String, Integer> ports) {
        return new Peer(namespace, labels, ports, null);
    }

    static Peer address(String address) {
        return new Peer(null, Map.of(), Map.of(), address);
    }

    String describe() {
        return address != null ? "address " + address : "namespace " + namespace;
    }
}
