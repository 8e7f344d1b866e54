package dev.onsale.platform.openapi;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import org.springdoc.core.customizers.GlobalOpenApiCustomizer;

/**
 * The service's document as a part of the gateway's: titled after the service, with the problem schema that
 * {@link ProblemResponses} refers to. Which paths it covers is {@code springdoc.paths-to-match}
 * ({@code openapi.properties}: the public prefixes only, so {@code /internal/**} never shows).
 */
final class ContractDocument implements GlobalOpenApiCustomizer {

    private final String service;
    private final String version;

    ContractDocument(String service, String version) {
        this.service = service;
        this.version = version;
    }

    @Override
    public void customise(OpenAPI openApi) {
        openApi.info(new Info()
                .title(service)
                .version(version)
                .description("The calls " + service + " answers behind the gateway; read them through the gateway's "
                        + "merged document, which adds what the gateway itself answers."));
        if (openApi.getComponents() == null) {
            openApi.components(new Components());
        }
        openApi.getComponents().addSchemas(ProblemResponses.SCHEMA, ProblemResponses.schema());
        openApi.setServers(null);
    }
}
