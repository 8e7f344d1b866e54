package dev.onsale.booking;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.platform.testing.AsGateway;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A plain HTTP client for the service under test, speaking as the gateway would. */
public final class BookingHttp {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String base;

    public BookingHttp(int port) {
        this.base = "http://localhost:" + port;
    }

    public HttpResponse<String> createEvent(String body) {
        return send(HttpRequest.newBuilder(URI.create(base + "/admin/events"))
                .header("Content-Type", "application/json")
                .header(IdentityHeaders.ROLE, IdentityHeaders.ROLE_ADMIN)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public HttpResponse<String> post(String path, String body, String role) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (role != null) {
            request.header(IdentityHeaders.ROLE, role);
        }
        return send(request);
    }

    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    public HttpResponse<String> get(String path, String ifNoneMatch) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("If-None-Match", ifNoneMatch)
                .GET());
    }

    /** A call as the gateway forwards it for the buyer of session {@code sessionId} (none if null). */
    public HttpResponse<String> asBuyer(String method, String path, java.util.UUID sessionId) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(base + path)).method(method, HttpRequest.BodyPublishers.noBody());
        if (sessionId != null) {
            request.header(IdentityHeaders.BUYER, sessionId.toString());
        }
        return send(request);
    }

    /**
     * A JSON POST as the gateway forwards it for the buyer of session {@code sessionId} (none if null), with extra
     * headers given as name, value pairs.
     */
    public HttpResponse<String> postAsBuyer(String path, java.util.UUID sessionId, String body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (sessionId != null) {
            request.header(IdentityHeaders.BUYER, sessionId.toString());
        }
        if (headers.length > 0) {
            request.headers(headers);
        }
        return send(request);
    }

    public static JsonNode json(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return CLIENT.send(
                    AsGateway.sign(request.timeout(Duration.ofSeconds(60)).build()),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
