package dev.onsale.gateway.apidocs;

import java.util.List;
import java.util.Locale;
import org.springdoc.webflux.api.OpenApiWebfluxResource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The merged document, cached: merged on the first request after it expired ({@code max-age} when every part was
 * in it, {@code retry-missing-after} when one was missing), one merge at a time, every reader meanwhile waiting
 * for that one. Only readers of the document ever wait for a merge; nothing else in the gateway does.
 */
@Component
class MergedDocument {

    private final OpenApiWebfluxResource gatewayPart;
    private final String gatewayPartPath;
    private final ServiceDocuments services;
    private final DocumentMerger merger;
    private final JsonMapper json;
    private final String version;
    private final Mono<Merged> cached;

    record Merged(byte[] body, boolean complete) {}

    MergedDocument(
            OpenApiWebfluxResource gatewayPart,
            @Value("${springdoc.api-docs.path}") String gatewayPartPath,
            ServiceDocuments services,
            ApiDocsProperties properties,
            JsonMapper json,
            @Value("${onsale.api-docs.version:0.1.0}") String version) {
        this.gatewayPart = gatewayPart;
        this.gatewayPartPath = gatewayPartPath;
        this.services = services;
        this.merger = new DocumentMerger(json);
        this.json = json;
        this.version = version;
        this.cached = Mono.deferContextual(context -> merge(context.get(ServerHttpRequest.class)))
                .cache(
                        merged -> merged.complete() ? properties.maxAge() : properties.retryMissingAfter(),
                        error -> java.time.Duration.ZERO,
                        () -> java.time.Duration.ZERO);
    }

    /** The document; {@code request} is the one that triggers a merge, if any (springdoc reads its address). */
    Mono<Merged> current(ServerHttpRequest request) {
        return cached.contextWrite(context -> context.put(ServerHttpRequest.class, request));
    }

    private Mono<Merged> merge(ServerHttpRequest request) {
        return Mono.zip(ownPart(request), services.all()).map(parts -> {
            List<Part> answered = parts.getT2();
            ObjectNode merged = merger.merge(parts.getT1(), answered, version);
            return new Merged(
                    json.writeValueAsBytes(merged), answered.stream().allMatch(Part.Answered.class::isInstance));
        });
    }

    private Mono<ObjectNode> ownPart(ServerHttpRequest request) {
        try {
            return gatewayPart
                    .openapiJson(request, gatewayPartPath, Locale.ROOT)
                    .map(bytes -> (ObjectNode) json.readTree(bytes));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return Mono.error(e);
        }
    }
}
