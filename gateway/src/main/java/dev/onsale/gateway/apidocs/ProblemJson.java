package dev.onsale.gateway.apidocs;

import dev.onsale.common.problem.ProblemType;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Problems as responses of the merged document, in the shape the services' parts give them (platform's
 * {@code openapi.ProblemResponses}): one response per status, {@code application/problem+json} of the
 * {@value #SCHEMA} schema, its description naming each slug, {@value #SLUGS} listing them.
 */
final class ProblemJson {

    static final String SCHEMA = "Problem";
    static final String SLUGS = "x-onsale-problems";

    private ProblemJson() {}

    /** Adds {@code type} under its status; a response of that status that is not a problem is left as it is. */
    static void add(ObjectNode responses, ProblemType type) {
        String status = Integer.toString(type.status());
        JsonNode existing = responses.get(status);
        if (existing != null && !existing.has(SLUGS)) {
            return;
        }
        ObjectNode response = existing == null ? responses.putObject(status) : (ObjectNode) existing;
        if (existing == null) {
            response.putObject("content")
                    .putObject("application/problem+json")
                    .putObject("schema")
                    .put("$ref", "#/components/schemas/" + SCHEMA);
            response.putArray(SLUGS);
        }
        ArrayNode slugs = (ArrayNode) response.get(SLUGS);
        List<String> named = new ArrayList<>();
        slugs.forEach(slug -> named.add(slug.asString()));
        if (!named.contains(type.slug())) {
            slugs.add(type.slug());
            named.add(type.slug());
        }
        response.put(
                "description",
                String.join(
                        "; ",
                        named.stream()
                                .map(slug -> "`" + slug + "`: "
                                        + ProblemType.bySlug(slug)
                                                .map(ProblemType::title)
                                                .orElse(slug))
                                .toList()));
    }

    /** RFC 9457 in Onsale's shape, for the gateway's own part (the services' parts bring the same). */
    static void addSchema(ObjectNode schemas) {
        if (schemas.has(SCHEMA)) {
            return;
        }
        ObjectNode problem = schemas.putObject(SCHEMA);
        problem.put("type", "object");
        problem.put(
                "description", "RFC 9457 problem details; `type` is `/problems/<slug>`, where the gateway explains it");
        ObjectNode properties = problem.putObject("properties");
        properties.putObject("type").put("type", "string");
        properties.putObject("title").put("type", "string");
        properties.putObject("status").put("type", "integer");
        properties.putObject("detail").put("type", "string");
        ObjectNode field = properties
                .putObject("errors")
                .put("type", "array")
                .putObject("items")
                .put("type", "object")
                .putObject("properties");
        field.putObject("field").put("type", "string");
        field.putObject("message").put("type", "string");
    }
}
