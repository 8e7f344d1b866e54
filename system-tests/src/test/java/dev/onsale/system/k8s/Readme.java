package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Nodes.contents;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Secrets k8s/README.md tells the operator to create: name, keys, namespace. */
record Readme(String text, Map<String, Set<String>> secrets, Map<String, String> namespaces) {

    private static final Pattern CREATE =
            Pattern.compile("kubectl\\s.*create\\s+secret\\s+generic\\s+([a-z0-9.-]+)(.*)");
    private static final Pattern KEY = Pattern.compile("--from-(?:literal|file)=([A-Za-z0-9._-]+)=");
    private static final Pattern NAMESPACE_FLAG = Pattern.compile("(?:-n|--namespace)[= ]([a-z0-9-]+)");

    static Readme read(Path file) {
        String text = contents(file);
        Map<String, Set<String>> secrets = new TreeMap<>();
        Map<String, String> namespaces = new TreeMap<>();
        for (String line : text.replace("\\\n", " ").split("\n")) {
            Matcher create = CREATE.matcher(line);
            if (create.find()) {
                Set<String> keys = secrets.computeIfAbsent(create.group(1), k -> new TreeSet<>());
                Matcher key = KEY.matcher(line);
                while (key.find()) {
                    keys.add(key.group(1));
                }
                Matcher ns = NAMESPACE_FLAG.matcher(line);
                namespaces.put(create.group(1), ns.find() ? ns.group(1) : null);
            }
        }
        return new Readme(text, secrets, namespaces);
    }

    boolean documents(String secret, String key) {
        return secrets.getOrDefault(secret, Set.of()).contains(key);
    }
}
