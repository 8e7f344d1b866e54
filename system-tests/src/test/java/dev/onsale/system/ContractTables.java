package dev.onsale.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The calls of the contract's tables ({@code docs/API.md}) and their check against an OpenAPI document: every
 * call's path and method must be in it, every status its row names must be among the operation's responses, and
 * when the row names a success (2xx), the document's successes must be exactly those. {@code sale/{a,b}} stands for
 * one call per action; a path variable of the document matches a literal segment only if its enum, when it has
 * one, holds that literal.
 */
final class ContractTables {

    record Call(String method, String path, Set<Integer> statuses) {

        @Override
        public String toString() {
            return method + " " + path + " " + statuses;
        }
    }

    private static final Pattern CALL = Pattern.compile("^`(GET|POST|PUT|DELETE|PATCH) (/[^`\\s?]*)");
    private static final Pattern ALTERNATIVES = Pattern.compile("\\{([a-z]+(?:,[a-z]+)+)}");
    /** A status code: three digits standing alone, not part of a rate ("200/s"), a number ("2,000") or a word. */
    private static final Pattern STATUS = Pattern.compile("(?<![\\w/.:\"]|\\d,)([1-5]\\d\\d)(?![\\w/.%\"]|,\\d)");

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");

    private ContractTables() {}

    /** The calls of the contract in this repository, {@code docs/API.md} (the repository is {@code onsale.repo}). */
    static List<Call> ofThisRepository() {
        return read(Path.of(System.getProperty("onsale.repo", ".."))
                .toAbsolutePath()
                .normalize()
                .resolve("docs/API.md"));
    }

    static List<Call> read(Path contract) {
        try {
            return parse(Files.readString(contract));
        } catch (IOException e) {
            throw new UncheckedIOException("the contract " + contract + " cannot be read", e);
        }
    }

    static List<Call> parse(String markdown) {
        List<Call> calls = new ArrayList<>();
        for (String line : markdown.split("\n")) {
            if (!line.startsWith("| `")) {
                continue;
            }
            String[] cells = line.substring(2).split("\\|");
            Matcher call = CALL.matcher(cells[0].trim());
            if (!call.find()) {
                continue;
            }
            Set<Integer> statuses = new LinkedHashSet<>();
            for (int i = 1; i < cells.length; i++) {
                Matcher status = STATUS.matcher(cells[i]);
                while (status.find()) {
                    statuses.add(Integer.parseInt(status.group(1)));
                }
            }
            for (String path : expand(call.group(2))) {
                calls.add(new Call(call.group(1), path, Set.copyOf(statuses)));
            }
        }
        return calls;
    }

    /** What {@code document} lacks or states otherwise than the calls; empty when it agrees with all of them. */
    static List<String> mismatches(List<Call> calls, JsonNode document) {
        List<String> mismatches = new ArrayList<>();
        for (Call call : calls) {
            JsonNode operation = operation(document.path("paths"), call);
            if (operation == null) {
                mismatches.add(call.method() + " " + call.path() + ": not in the document");
                continue;
            }
            Set<Integer> documented = new LinkedHashSet<>();
            operation.path("responses").propertyNames().forEach(code -> {
                if (code.matches("\\d{3}")) {
                    documented.add(Integer.parseInt(code));
                }
            });
            Set<Integer> missing = new LinkedHashSet<>(call.statuses());
            missing.removeAll(documented);
            if (!missing.isEmpty()) {
                mismatches.add(call + ": the document lacks " + missing + " (it has " + documented + ")");
            }
            Set<Integer> successes = successes(call.statuses());
            if (!successes.isEmpty() && !successes.equals(successes(documented))) {
                mismatches.add(call + ": the document's success is " + successes(documented) + ", the contract's "
                        + successes);
            }
        }
        return mismatches;
    }

    private static Set<Integer> successes(Set<Integer> statuses) {
        Set<Integer> successes = new LinkedHashSet<>();
        statuses.stream().filter(status -> status / 100 == 2).forEach(successes::add);
        return successes;
    }

    private static JsonNode operation(JsonNode paths, Call call) {
        String method = call.method().toLowerCase(Locale.ROOT);
        JsonNode exact = null;
        JsonNode templated = null;
        for (String path : paths.propertyNames()) {
            JsonNode operation = paths.path(path).get(method);
            if (operation == null || !METHODS.contains(method)) {
                continue;
            }
            if (normalized(path).equals(normalized(call.path()))) {
                exact = operation;
            } else if (matchesTemplate(path, call.path(), operation)) {
                templated = operation;
            }
        }
        return exact != null ? exact : templated;
    }

    /** Variables named alike whatever their names: {@code {id}} and {@code {reportId}} are one path. */
    private static String normalized(String path) {
        return path.replaceAll("\\{[^}]*}", "{}");
    }

    private static boolean matchesTemplate(String template, String path, JsonNode operation) {
        String[] expected = template.split("/");
        String[] actual = path.split("/");
        if (expected.length != actual.length) {
            return false;
        }
        for (int i = 0; i < expected.length; i++) {
            if (expected[i].equals(actual[i]) || actual[i].startsWith("{") && expected[i].startsWith("{")) {
                continue;
            }
            if (!expected[i].startsWith("{") || !allows(operation, expected[i], actual[i])) {
                return false;
            }
        }
        return true;
    }

    private static boolean allows(JsonNode operation, String variable, String literal) {
        String name = variable.substring(1, variable.length() - 1);
        for (JsonNode parameter : operation.path("parameters")) {
            if ("path".equals(parameter.path("in").asString())
                    && name.equals(parameter.path("name").asString())) {
                JsonNode values = parameter.path("schema").path("enum");
                if (values.isMissingNode()) {
                    return true;
                }
                for (JsonNode value : values) {
                    if (literal.equals(value.asString())) {
                        return true;
                    }
                }
                return false;
            }
        }
        return true;
    }

    private static List<String> expand(String path) {
        Matcher alternatives = ALTERNATIVES.matcher(path);
        if (!alternatives.find()) {
            return List.of(path);
        }
        List<String> paths = new ArrayList<>();
        for (String alternative : alternatives.group(1).split(",")) {
            paths.addAll(
                    expand(path.substring(0, alternatives.start()) + alternative + path.substring(alternatives.end())));
        }
        return paths;
    }
}
