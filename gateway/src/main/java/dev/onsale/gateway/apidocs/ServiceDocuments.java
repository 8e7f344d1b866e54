package dev.onsale.gateway.apidocs;

import dev.onsale.gateway.routing.GatewayReads;
import dev.onsale.gateway.routing.ServiceReplicas;
import dev.onsale.gateway.routing.Upstreams;
import java.time.Duration;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.reactive.function.client.WebClientResponseException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads every service's generated document, {@code GET /v3/api-docs} (anonymous and read-only; the gateway does
 * not route it), all at once, on a pool of its own so that no buyer's request waits behind it. Never fails: a
 * service that does not answer within the part timeout, or answers anything but an OpenAPI document, is a
 * {@link Part.Missing}.
 */
@Component
class ServiceDocuments {

    static final String PATH = "/v3/api-docs";

    private final WebClient client;
    private final JsonMapper json;
    /** In the order of the merged document's parts. */
    private final List<ServiceReplicas> services;

    private final Duration timeout;

    ServiceDocuments(Upstreams upstreams, ApiDocsProperties properties, JsonMapper json) {
        this.timeout = properties.partTimeout();
        this.client = GatewayReads.client("onsale-api-docs", 8, timeout);
        this.json = json;
        this.services = upstreams.all();
    }

    Mono<List<Part>> all() {
        return Flux.fromIterable(services).flatMapSequential(this::fetch).collectList();
    }

    /** The document of any one of the service's replicas: they run the same build. */
    private Mono<Part> fetch(ServiceReplicas replicas) {
        String service = replicas.service();
        return replicas.call(replica -> client.get()
                        .uri(replica.resolve(PATH))
                        .accept(MediaType.APPLICATION_JSON)
                        .retrieve()
                        .bodyToMono(String.class))
                .timeout(timeout)
                .<Part>map(body -> {
                    JsonNode document = json.readTree(body);
                    if (!(document instanceof ObjectNode object)
                            || !document.path("paths").isObject()) {
                        return new Part.Missing(service, "answered something other than an OpenAPI document");
                    }
                    return new Part.Answered(service, object);
                })
                .onErrorResume(error -> Mono.just(new Part.Missing(service, reason(error))));
    }

    private String reason(Throwable error) {
        if (error instanceof WebClientResponseException response) {
            return "answered " + response.getStatusCode().value();
        }
        if (error instanceof java.util.concurrent.TimeoutException) {
            return "did not answer within " + timeout.toMillis() + " ms";
        }
        return "could not be read (" + error.getClass().getSimpleName() + ")";
    }
}
