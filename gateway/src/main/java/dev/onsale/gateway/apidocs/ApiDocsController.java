package dev.onsale.gateway.apidocs;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.problem.Problem;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The public contract to read: {@code /api/docs/openapi.json}, the document of every call (the gateway's and each
 * service's, merged; {@link MergedDocument}), and {@code /api/docs}, Swagger UI reading it, from files bundled in
 * the gateway's jar. Anonymous and read-only; nothing here touches a buyer's route.
 */
@RestController
class ApiDocsController {

    static final String DOCUMENT = "/api/docs/openapi.json";
    private static final String SWAGGER_UI = "META-INF/resources/webjars/swagger-ui/";
    /** The page's files: Swagger UI's, taken from its webjar; the page and its starting script are ours. */
    private static final Map<String, MediaType> FILES = Map.of(
            "swagger-ui.css", MediaType.parseMediaType("text/css"),
            "swagger-ui-bundle.js", MediaType.parseMediaType("text/javascript"),
            "swagger-ui-standalone-preset.js", MediaType.parseMediaType("text/javascript"),
            "favicon-32x32.png", MediaType.IMAGE_PNG);

    private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'";
    private static final CacheControl FILE_CACHING =
            CacheControl.maxAge(Duration.ofDays(1)).cachePublic();

    private final MergedDocument document;
    private final String swaggerUi;

    ApiDocsController(MergedDocument document) {
        this.document = document;
        this.swaggerUi = SWAGGER_UI + swaggerUiVersion() + "/";
    }

    @GetMapping(path = DOCUMENT, produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<ResponseEntity<byte[]>> document(ServerHttpRequest request) {
        return document.current(request)
                .map(merged -> ResponseEntity.ok()
                        .cacheControl(CacheControl.noCache())
                        .contentType(MediaType.APPLICATION_JSON)
                        .body(merged.body()));
    }

    @GetMapping({"/api/docs", "/api/docs/"})
    ResponseEntity<Resource> page() {
        return ResponseEntity.ok()
                .contentType(MediaType.TEXT_HTML)
                .cacheControl(CacheControl.noCache())
                .header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
                .header("X-Content-Type-Options", "nosniff")
                .body(new ClassPathResource("dev/onsale/gateway/apidocs/index.html"));
    }

    @GetMapping("/api/docs/start.js")
    ResponseEntity<Resource> start() {
        return ResponseEntity.ok()
                .contentType(MediaType.parseMediaType("text/javascript"))
                .cacheControl(CacheControl.noCache())
                .body(new ClassPathResource("dev/onsale/gateway/apidocs/start.js"));
    }

    @GetMapping("/api/docs/swagger-ui/{name}")
    ResponseEntity<Resource> file(@PathVariable String name) {
        MediaType type = FILES.get(name);
        if (type == null) {
            throw Problem.of(ProblemType.NOT_FOUND, "there is no file " + name).toException();
        }
        return ResponseEntity.ok()
                .contentType(type)
                .cacheControl(FILE_CACHING)
                .header("X-Content-Type-Options", "nosniff")
                .body(new ClassPathResource(swaggerUi + name));
    }

    private static String swaggerUiVersion() {
        try (InputStream in =
                new ClassPathResource("META-INF/maven/org.webjars/swagger-ui/pom.properties").getInputStream()) {
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException("Swagger UI's webjar is not on the classpath", e);
        }
    }
}
