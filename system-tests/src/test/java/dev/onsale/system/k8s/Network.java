package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.NAMESPACE;
import static dev.onsale.system.k8s.Nodes.at;
import static dev.onsale.system.k8s.Nodes.integerOrNull;
import static dev.onsale.system.k8s.Nodes.list;
import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Nodes.selects;
import static dev.onsale.system.k8s.Nodes.text;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** NetworkPolicy semantics for the policies of namespace onsale. */
record Network(List<Manifest> policies) {

    boolean ingress(Peer target, Peer source, int port, String protocol) {
        return decide("Ingress", target, source, target, port, protocol);
    }

    boolean egress(Peer source, Peer target, int port, String protocol) {
        return decide("Egress", source, target, target, port, protocol);
    }

    private boolean decide(String type, Peer subject, Peer other, Peer portOwner, int port, String protocol) {
        if (subject.address() != null || !NAMESPACE.equals(subject.namespace())) {
            return true;
        }
        boolean isolated = false;
        for (Manifest policy : policies) {
            Map<String, Object> spec = at(policy.doc(), "spec");
            if (spec.get("podSelector") == null
                    || !selects(spec.get("podSelector"), subject.labels())
                    || !policyTypes(spec).contains(type)) {
                continue;
            }
            isolated = true;
            for (Object rule : list(spec.get(type.equals("Ingress") ? "ingress" : "egress"))) {
                if (portMatches(list(node(rule, "ports")), portOwner, port, protocol)
                        && peerMatches(node(rule, type.equals("Ingress") ? "from" : "to"), other)) {
                    return true;
                }
            }
        }
        return !isolated;
    }

    private static List<Object> policyTypes(Map<String, Object> spec) {
        if (spec.containsKey("policyTypes")) {
            return list(spec.get("policyTypes"));
        }
        return spec.containsKey("egress") ? List.of("Ingress", "Egress") : List.of("Ingress");
    }

    private static boolean portMatches(List<Object> ports, Peer owner, int port, String protocol) {
        if (ports.isEmpty()) {
            return true;
        }
        for (Object p : ports) {
            if (!protocol.equals(Objects.requireNonNullElse(text(node(p, "protocol")), "TCP"))) {
                continue;
            }
            Object value = node(p, "port");
            Long end = integerOrNull(node(p, "endPort"));
            boolean number = value instanceof Number n
                    && (n.intValue() == port || end != null && n.intValue() <= port && port <= end);
            boolean named =
                    value instanceof String name && Objects.equals(owner.ports().get(name), port);
            if (value == null || number || named) {
                return true;
            }
        }
        return false;
    }

    private static boolean peerMatches(Object peers, Peer other) {
        List<Object> list = list(peers);
        if (peers == null || list.isEmpty()) {
            return true;
        }
        for (Object peer : list) {
            Map<String, Object> block = at(peer, "ipBlock");
            if (!block.isEmpty()) {
                if (other.address() != null
                        && inCidr(other.address(), text(block.get("cidr")))
                        && list(block.get("except")).stream().noneMatch(e -> inCidr(other.address(), text(e)))) {
                    return true;
                }
                continue;
            }
            if (other.address() != null) {
                continue;
            }
            Object namespaces = node(peer, "namespaceSelector");
            Object pods = node(peer, "podSelector");
            if (namespaces == null && pods == null) {
                continue;
            }
            boolean namespaceOk = namespaces == null
                    ? NAMESPACE.equals(other.namespace())
                    : selects(namespaces, Map.of("kubernetes.io/metadata.name", other.namespace()));
            if (namespaceOk && (pods == null || selects(pods, other.labels()))) {
                return true;
            }
        }
        return false;
    }

    private static boolean inCidr(String address, String cidr) {
        if (cidr == null || cidr.contains(":") || address.contains(":")) {
            return false;
        }
        String[] parts = cidr.split("/");
        int bits = parts.length > 1 ? Integer.parseInt(parts[1]) : 32;
        long mask = bits == 0 ? 0 : (0xFFFFFFFFL << (32 - bits)) & 0xFFFFFFFFL;
        return (ipv4(address) & mask) == (ipv4(parts[0]) & mask);
    }

    private static long ipv4(String address) {
        long value = 0;
        for (String octet : address.split("\\.")) {
            value = value << 8 | Integer.parseInt(octet);
        }
        return value;
    }
}
