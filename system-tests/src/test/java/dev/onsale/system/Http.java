package dev.onsale.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** A small JSON client for the gateway. */
final class Http {

    static final ObjectMapper JSON = JsonMapper.builder().build();

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** HTTP/1.1, as the gateway speaks it (no h2c upgrade attempt on every new connection). */
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private final String baseUrl;

    /** A response: status, raw body, headers, and the body parsed when it is JSON. */
    record Response(int status, String body, HttpHeaders headers) {

        JsonNode json() {
            return JSON.readTree(body);
        }

        /** The first value of {@code name}, or the empty string. */
        String header(String name) {
            return headers.firstValue(name).orElse("");
        }

        @Override
        public String toString() {
            return status + " " + header("Content-Type") + " "
                    + (body.length() > 2000 ? body.substring(0, 2000) + "..." : body);
        }
    }

    Http(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    Response get(String path) {
        return get(path, null);
    }

    Response get(String path, String bearer) {
        return get(path, bearer, Map.of());
    }

    /** {@code headers} replace the defaults of the same name (such as {@code Accept}). */
    Response get(String path, String bearer, Map<String, String> headers) {
        return send("GET", path, null, bearer, headers);
    }

    Response post(String path, Object body, String bearer) {
        return post(path, body, bearer, Map.of());
    }

    Response post(String path, Object body, String bearer, Map<String, String> headers) {
        return send("POST", path, body, bearer, headers);
    }

    Response put(String path, Object body, String bearer) {
        return put(path, body, bearer, Map.of());
    }

    Response put(String path, Object body, String bearer, Map<String, String> headers) {
        return send("PUT", path, body, bearer, headers);
    }

    Response delete(String path, String bearer) {
        return delete(path, bearer, Map.of());
    }

    Response delete(String path, String bearer, Map<String, String> headers) {
        return send("DELETE", path, null, bearer, headers);
    }

    private Response send(String method, String path, Object body, String bearer, Map<String, String> headers) {
        var request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(REQUEST_TIMEOUT)
                .header("Accept", "application/json");
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(
                            method,
                            HttpRequest.BodyPublishers.ofString(
                                    body instanceof String s ? s : JSON.writeValueAsString(body)));
        }
        if (bearer != null) {
            request.header("Authorization", "Bearer " + bearer);
        }
        headers.forEach(request::setHeader);
        // sendAsync, bounded: a send() of this client was seen waiting for good, past its own request timeout
        CompletableFuture<HttpResponse<String>> call =
                client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
        try {
            HttpResponse<String> response =
                    call.get(REQUEST_TIMEOUT.plusSeconds(5).toMillis(), TimeUnit.MILLISECONDS);
            return new Response(response.statusCode(), response.body(), response.headers());
        } catch (TimeoutException e) {
            call.cancel(true);
            throw new UncheckedIOException(new HttpTimeoutException(
                    method + " " + path + ": no answer within " + REQUEST_TIMEOUT.plusSeconds(5)));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw new UncheckedIOException(io);
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
