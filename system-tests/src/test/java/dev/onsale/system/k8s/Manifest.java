package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Nodes.node;
import static dev.onsale.system.k8s.Nodes.text;

import java.util.Map;

/** One parsed Kubernetes object, with the file (or files, once patched) it came from. */
record Manifest(String source, Map<String, Object> doc) {

    String kind() {
        return text(doc.get("kind"));
    }

    String name() {
        return text(node(doc, "metadata", "name"));
    }

    String id() {
        return kind() + "/" + name();
    }
}
