package dev.onsale.system.k8s;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Small helpers over the parsed trees: typed looks at maps, lists and scalars, label selectors, quantities. */
final class Nodes {

    private Nodes() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object node) {
        return node instanceof Map<?, ?> m ? (Map<String, Object>) m : new LinkedHashMap<>();
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object node) {
        return node instanceof List<?> l ? (List<Object>) l : new ArrayList<>();
    }

    /** The map at {@code path} under {@code root} (an empty, detached map where there is none or it is no map). */
    static Map<String, Object> at(Object root, String... path) {
        return map(node(root, path));
    }

    /** The node at {@code path} under {@code root}, or null. */
    static Object node(Object root, String... path) {
        Object node = root;
        for (String key : path) {
            node = map(node).get(key);
        }
        return node;
    }

    static String text(Object node) {
        return node instanceof String s ? s : null;
    }

    static Integer integer(Object node) {
        return node instanceof Number n ? Integer.valueOf(n.intValue()) : null;
    }

    static Long integerOrNull(Object node) {
        return node instanceof Number n ? Long.valueOf(n.longValue()) : null;
    }

    static long longOr(Object node, long fallback) {
        return node instanceof Number n ? n.longValue() : fallback;
    }

    static Map<String, String> labels(Map<String, Object> labels) {
        Map<String, String> result = new TreeMap<>();
        labels.forEach((k, v) -> result.put(k, String.valueOf(v)));
        return result;
    }

    static Map<String, String> podLabels(Manifest deployment) {
        return labels(at(deployment.doc(), "spec", "template", "metadata", "labels"));
    }

    static List<Object> containers(Manifest deployment) {
        return list(at(deployment.doc(), "spec", "template", "spec").get("containers"));
    }

    /** Whether a label selector ({@code matchLabels}, {@code matchExpressions}) selects {@code labels}. */
    static boolean selects(Object selector, Map<String, String> labels) {
        if (!(selector instanceof Map)) {
            return false;
        }
        for (var e : at(selector, "matchLabels").entrySet()) {
            if (!String.valueOf(e.getValue()).equals(labels.get(e.getKey()))) {
                return false;
            }
        }
        for (Object expression : list(node(selector, "matchExpressions"))) {
            String key = text(node(expression, "key"));
            List<Object> values = list(node(expression, "values"));
            boolean has = labels.containsKey(key);
            boolean ok = switch (String.valueOf(node(expression, "operator"))) {
                case "In" -> has && values.contains(labels.get(key));
                case "NotIn" -> !has || !values.contains(labels.get(key));
                case "Exists" -> has;
                case "DoesNotExist" -> !has;
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** A Kubernetes quantity ({@code 500m}, {@code 2}, {@code 768Mi}, {@code 1G}) as a number. */
    static BigDecimal quantity(Object value) {
        String text = String.valueOf(value);
        Matcher m = Pattern.compile("([0-9.]+)([a-zA-Z]*)").matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a quantity: " + text);
        }
        BigDecimal number = new BigDecimal(m.group(1));
        long factor = switch (m.group(2)) {
            case "" -> 1;
            case "m" -> -1000;
            case "k" -> 1000L;
            case "M" -> 1000L * 1000;
            case "G" -> 1000L * 1000 * 1000;
            case "Ki" -> 1024L;
            case "Mi" -> 1024L * 1024;
            case "Gi" -> 1024L * 1024 * 1024;
            default -> throw new IllegalArgumentException("unknown quantity suffix: " + text);
        };
        return factor < 0 ? number.divide(BigDecimal.valueOf(-factor)) : number.multiply(BigDecimal.valueOf(factor));
    }

    @SuppressWarnings("unchecked")
    static <T> T deepCopy(T node) {
        if (node instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>();
            m.forEach((k, v) -> copy.put((String) k, deepCopy(v)));
            return (T) copy;
        }
        if (node instanceof List<?> l) {
            List<Object> copy = new ArrayList<>();
            l.forEach(v -> copy.add(deepCopy(v)));
            return (T) copy;
        }
        return node;
    }

    static Map<String, Object> mapOf(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    static String contents(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }
}
