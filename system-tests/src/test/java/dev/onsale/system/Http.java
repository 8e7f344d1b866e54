package dev.onsale.system;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small JSON client for the gateway. */
final class Http {

    static final ObjectMapper JSON = JsonMapper.builder().build();

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;

    /** A response: status, raw body, and the body parsed when it is JSON. */
    record Response(int status, String body) {

        JsonNode json() {
            return JSON.readTree(body);
        }

        @Override
        public String toString() {
            return status + " " + (body.length() > 2000 ? body.substring(0, 2000) + "..." : body);
        }
    }

    Http(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    Response get(String path) {
        return send(request(path).GET());
    }

    Response post(String path, Object body, String bearer) {
        var request = request(path).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : JSON.writeValueAsString(body)));
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        return send(request);
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(30))
                .header("Accept", "application/json");
    }

    private Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
