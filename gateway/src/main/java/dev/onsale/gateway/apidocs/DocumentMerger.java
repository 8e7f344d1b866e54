package dev.onsale.gateway.apidocs;

import dev.onsale.common.problem.ProblemType;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.http.HttpStatus;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One document of the public contract from the gateway's own part and every service's. A path is taken from the
 * first part that has it, the gateway's first: a call the gateway answers itself (a queue's progress) is never
 * forwarded, whatever a service says about it. Every operation is tagged with the part it comes from and gets
 * {@link GatewayAnswers}. Schemas keep their names unless two parts name different schemas alike; the later one is
 * then prefixed with its service. A missing part is named in {@value #UNAVAILABLE}, in the description and as a tag,
 * so that a reader sees which calls are not in the document.
 */
final class DocumentMerger {

    static final String GATEWAY = "gateway";
    static final String UNAVAILABLE = "x-onsale-unavailable";
    private static final String SCHEMAS_REF = "#/components/schemas/";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    private final JsonMapper json;

    DocumentMerger(JsonMapper json) {
        this.json = json;
    }

    ObjectNode merge(ObjectNode gateway, List<Part> services, String version) {
        ObjectNode merged = json.createObjectNode();
        merged.put("openapi", gateway.path("openapi").asString("3.1.0"));
        ObjectNode info = merged.putObject("info");
        info.put("title", "Onsale public HTTP contract");
        info.put("version", version);
        merged.putArray("servers").addObject().put("url", "/").put("description", "the gateway");
        ArrayNode tags = merged.putArray("tags");
        ObjectNode schemas = json.createObjectNode();
        Map<String, ObjectNode> paths = new TreeMap<>();
        ArrayNode unavailable = json.createArrayNode();

        add(GATEWAY, gateway, false, paths, schemas);
        tags.addObject().put("name", GATEWAY).put("description", "answered by the gateway itself");
        for (Part part : services) {
            switch (part) {
                case Part.Answered answered -> {
                    add(answered.service(), answered.document(), true, paths, schemas);
                    tags.addObject()
                            .put("name", answered.service())
                            .put("description", "forwarded to " + answered.service());
                }
                case Part.Missing missing -> {
                    unavailable.addObject().put("service", missing.service()).put("detail", missing.detail());
                    tags.addObject()
                            .put("name", missing.service())
                            .put(
                                    "description",
                                    "MISSING from this document: " + missing.service() + " " + missing.detail()
                                            + "; its calls are not listed");
                }
            }
        }
        ProblemJson.addSchema(schemas);
        ObjectNode pathsNode = merged.putObject("paths");
        paths.forEach(pathsNode::set);
        merged.putObject("components").set("schemas", referencedOnly(schemas, pathsNode));
        info.put("description", description(unavailable));
        merged.set(UNAVAILABLE, unavailable);
        return merged;
    }

    private void add(
            String service, ObjectNode document, boolean forwarded, Map<String, ObjectNode> paths, ObjectNode schemas) {
        Map<String, String> renamed = new HashMap<>();
        JsonNode own = document.path("components").path("schemas");
        own.propertyNames().forEach(name -> {
            JsonNode existing = schemas.get(name);
            if (existing != null && !existing.equals(own.get(name))) {
                renamed.put(name, service + "." + name);
            }
        });
        ObjectNode part = rewriteRefs(document.deepCopy(), renamed);
        JsonNode partSchemas = part.path("components").path("schemas");
        partSchemas.propertyNames().forEach(name -> {
            String as = renamed.getOrDefault(name, name);
            if (!schemas.has(as)) {
                schemas.set(as, partSchemas.get(name));
            }
        });
        JsonNode partPaths = part.path("paths");
        partPaths.propertyNames().forEach(path -> {
            if (paths.containsKey(path)) {
                return;
            }
            ObjectNode item = (ObjectNode) partPaths.get(path);
            for (String method : List.copyOf(item.propertyNames())) {
                if (METHODS.contains(method)) {
                    ObjectNode operation = (ObjectNode) item.get(method);
                    operation.putArray("tags").add(service);
                    operation.remove("operationId");
                    JsonNode declared = operation.remove(OwnAnswers.EXTENSION);
                    if (declared != null) {
                        ObjectNode responses = operation.has("responses")
                                ? (ObjectNode) operation.get("responses")
                                : operation.putObject("responses");
                        declared.path("problems")
                                .forEach(slug -> ProblemType.bySlug(slug.asString())
                                        .ifPresent(type -> ProblemJson.add(responses, type)));
                        declared.path("also").forEach(status -> {
                            if (!responses.has(status.asString())) {
                                HttpStatus known = HttpStatus.resolve(status.asInt());
                                responses
                                        .putObject(status.asString())
                                        .put(
                                                "description",
                                                known == null ? status.asString() : known.getReasonPhrase());
                            }
                        });
                    }
                    GatewayAnswers.addTo(method, path, operation, forwarded);
                }
            }
            paths.put(path, item);
        });
    }

    private static ObjectNode rewriteRefs(ObjectNode node, Map<String, String> renamed) {
        if (renamed.isEmpty()) {
            return node;
        }
        Deque<JsonNode> todo = new ArrayDeque<>(List.of(node));
        while (!todo.isEmpty()) {
            JsonNode current = todo.pop();
            if (current instanceof ObjectNode object) {
                JsonNode ref = object.get("$ref");
                if (ref != null && ref.isString() && ref.asString().startsWith(SCHEMAS_REF)) {
                    String name = ref.asString().substring(SCHEMAS_REF.length());
                    if (renamed.containsKey(name)) {
                        object.put("$ref", SCHEMAS_REF + renamed.get(name));
                    }
                }
            }
            current.forEach(todo::push);
        }
        return node;
    }

    /** The schemas the paths use, directly or through other schemas. */
    private ObjectNode referencedOnly(ObjectNode schemas, JsonNode paths) {
        Set<String> used = new HashSet<>();
        Deque<JsonNode> todo = new ArrayDeque<>(List.of(paths));
        while (!todo.isEmpty()) {
            JsonNode current = todo.pop();
            JsonNode ref = current.get("$ref");
            if (ref != null && ref.isString() && ref.asString().startsWith(SCHEMAS_REF)) {
                String name = ref.asString().substring(SCHEMAS_REF.length());
                if (used.add(name) && schemas.has(name)) {
                    todo.push(schemas.get(name));
                }
            }
            current.forEach(todo::push);
        }
        ObjectNode kept = json.createObjectNode();
        new TreeMap<String, JsonNode>(schemas.properties().stream()
                        .filter(entry -> used.contains(entry.getKey()))
                        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)))
                .forEach(kept::set);
        return kept;
    }

    private static String description(ArrayNode unavailable) {
        String text = "Every call of Onsale's public contract, through the gateway: the gateway's own calls and each "
                + "service's generated part, with what the gateway itself answers (401, 403, 413, 429, 503). "
                + "Problems are application/problem+json; each response names its slugs, explained at "
                + "/problems/<slug>.";
        if (unavailable.isEmpty()) {
            return text;
        }
        StringBuilder missing = new StringBuilder(text).append("\n\n**Incomplete:** ");
        unavailable.forEach(part -> missing.append(part.path("service").asString())
                .append(' ')
                .append(part.path("detail").asString())
                .append("; "));
        return missing.append("their calls are missing; the document is merged again shortly.")
                .toString();
    }
}
