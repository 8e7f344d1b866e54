package dev.onsale.gateway;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A real HTTP server standing in for one service: records every request it receives (by path) and
 * answers {@code 200 {"upstream":"<name>"}} unless told otherwise for a path.
 */
public final class StubUpstream implements AutoCloseable {

    /** What the stub saw; header names are as the stub's server reports them (first letter upper case). */
    public record Received(String method, String path, Headers headers, byte[] body) {

        public String header(String name) {
            return headers.getFirst(name);
        }

        public boolean hasHeader(String name) {
            return headers.containsKey(name);
        }
    }

    /**
     * A canned answer; {@code delay} holds the response back (the request is recorded first), {@code bodyDelay} holds
     * the body back after the status and headers went out.
     */
    public record Answer(
            int status,
            String contentType,
            String body,
            Map<String, String> headers,
            Duration delay,
            Duration bodyDelay) {

        public Answer(int status, String contentType, String body, Map<String, String> headers, Duration delay) {
            this(status, contentType, body, headers, delay, Duration.ZERO);
        }

        public static Answer of(int status, String contentType, String body) {
            return new Answer(status, contentType, body, Map.of(), Duration.ZERO);
        }
    }

    private final String name;
    private final HttpServer server;
    private final Map<String, Received> received = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private final Map<String, Function<Received, Answer>> answers = new ConcurrentHashMap<>();
    private final CountDownLatch released = new CountDownLatch(1);

    private StubUpstream(String name, int port) throws IOException {
        this.name = name;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 4096);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    public static StubUpstream start(String name) {
        return start(name, 0);
    }

    /** A stub on {@code port} of 127.0.0.1, such as the one a stopped stub had: the service back where it was. */
    public static StubUpstream start(String name, int port) {
        try {
            return new StubUpstream(name, port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public URI uri() {
        return URI.create("http://127.0.0.1:" + port());
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public void answer(String path, Answer answer) {
        answers.put(path, request -> answer);
    }

    /** Answers each request for {@code path} with what {@code answerer} makes of it. */
    public void answer(String path, Function<Received, Answer> answerer) {
        answers.put(path, answerer);
    }

    /** How many requests for {@code path} arrived. */
    public int countAt(String path) {
        AtomicInteger count = counts.get(path);
        return count == null ? 0 : count.get();
    }

    /** How many requests arrived at paths that {@code paths} accepts. */
    public int countWhere(Predicate<String> paths) {
        return counts.entrySet().stream()
                .filter(count -> paths.test(count.getKey()))
                .mapToInt(count -> count.getValue().get())
                .sum();
    }

    /** The last request received at some path that {@code paths} accepts, or null. */
    public Received receivedWhere(Predicate<String> paths) {
        return received.entrySet().stream()
                .filter(last -> paths.test(last.getKey()))
                .map(Map.Entry::getValue)
                .findAny()
                .orElse(null);
    }

    /** The last request received for {@code path}, or null. */
    public Received receivedAt(String path) {
        return received.get(path);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange;
                InputStream in = exchange.getRequestBody()) {
            byte[] body = in.readAllBytes();
            String path = exchange.getRequestURI().getRawPath();
            Received request = new Received(exchange.getRequestMethod(), path, exchange.getRequestHeaders(), body);
            received.put(path, request);
            counts.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            Function<Received, Answer> answerer = answers.get(path);
            Answer answer = answerer != null
                    ? answerer.apply(request)
                    : Answer.of(200, "application/json", "{\"upstream\":\"" + name + "\"}");
            pause(answer.delay());
            byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", answer.contentType());
            answer.headers().forEach(exchange.getResponseHeaders()::set);
            exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
            if (bytes.length > 0) {
                exchange.getResponseBody().flush();
                pause(answer.bodyDelay());
                exchange.getResponseBody().write(bytes);
            }
        }
    }

    private void pause(Duration delay) {
        if (delay.isZero()) {
            return;
        }
        try {
            released.await(delay.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
    }
}
