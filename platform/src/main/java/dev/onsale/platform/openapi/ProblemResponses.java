package dev.onsale.platform.openapi;

import dev.onsale.common.problem.ProblemType;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.ArrayList;
import java.util.List;

/**
 * Problems as OpenAPI responses: {@code application/problem+json} of the {@value #SCHEMA} schema, one response per
 * status, its description naming every slug answered with that status and {@value #SLUGS} listing them (the
 * gateway extends the list when it adds its own).
 */
final class ProblemResponses {

    static final String SCHEMA = "Problem";
    static final String SLUGS = "x-onsale-problems";
    private static final String PROBLEM_JSON = "application/problem+json";

    private ProblemResponses() {}

    /** Adds {@code type} to the response of its status, creating it if the operation has none. */
    @SuppressWarnings("unchecked")
    static void add(ApiResponses responses, ProblemType type) {
        String status = Integer.toString(type.status());
        ApiResponse response = responses.get(status);
        if (response == null
                || response.getExtensions() == null
                || !response.getExtensions().containsKey(SLUGS)) {
            response = new ApiResponse()
                    .content(new Content()
                            .addMediaType(
                                    PROBLEM_JSON,
                                    new MediaType().schema(new Schema<>().$ref("#/components/schemas/" + SCHEMA))));
            response.addExtension(SLUGS, new ArrayList<String>());
            responses.addApiResponse(status, response);
        }
        List<String> slugs = (List<String>) response.getExtensions().get(SLUGS);
        if (!slugs.contains(type.slug())) {
            slugs.add(type.slug());
        }
        response.setDescription(String.join(
                "; ",
                slugs.stream()
                        .map(slug -> "`" + slug + "`: "
                                + ProblemType.bySlug(slug)
                                        .map(ProblemType::title)
                                        .orElse(slug))
                        .toList()));
    }

    /** RFC 9457 in Onsale's shape. */
    static Schema<?> schema() {
        ObjectSchema fieldError = new ObjectSchema();
        fieldError.addProperty("field", new StringSchema());
        fieldError.addProperty("message", new StringSchema());
        ObjectSchema problem = new ObjectSchema();
        problem.description("RFC 9457 problem details; `type` is `/problems/<slug>`, where the gateway explains it");
        problem.addProperty("type", new StringSchema().example("/problems/invalid-request"));
        problem.addProperty("title", new StringSchema());
        problem.addProperty("status", new IntegerSchema());
        problem.addProperty("detail", new StringSchema());
        problem.addProperty(
                "errors",
                new ArraySchema().items(fieldError).description("invalid input only: each field refused and why"));
        return problem;
    }
}
