package dev.onsale.system.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every document of a multi-document YAML source, read safely (no tags, no objects); integers as Long. */
final class Yaml {
    private Yaml() {}

    static List<Object> loadAll(String source) {
        var yaml = new org.yaml.snakeyaml.Yaml(
                new org.yaml.snakeyaml.constructor.SafeConstructor(new org.yaml.snakeyaml.LoaderOptions()));
        List<Object> documents = new ArrayList<>();
        for (Object document : yaml.loadAll(source)) {
            if (document != null) {
                documents.add(normalized(document));
            }
        }
        return documents;
    }

    private static Object normalized(Object value) {
        if (value instanceof Integer i) {
            return i.longValue();
        }
        if (value instanceof java.math.BigInteger b) {
            return b.longValueExact();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(String.valueOf(k), normalized(v)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(v -> copy.add(normalized(v)));
            return copy;
        }
        return value;
    }
}
