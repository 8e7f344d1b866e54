package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A tab's HTTP/1.1 against a server that answers exactly the bytes each test scripts. */
class TabClientTest {

    private static final String JSON_HEAD = "HTTP/1.1 %d X\r\nContent-Type: application/json\r\nContent-Length: %d\r\n";

    /** What the server sends for each request it reads, in order; {@link #CLOSE} closes without a byte. */
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();

    private final List<String> requests = new CopyOnWriteArrayList<>();
    private final AtomicInteger connections = new AtomicInteger();
    private final ServerSocket server = new ServerSocket(0);
    private final Thread acceptor = Thread.ofVirtual().start(this::serve);

    private static final String CLOSE = "<close>";
    private static final String SILENCE = "<silence>";
    /** Prefix of an answer the server writes one byte at a time. */
    private static final String SLOWLY = "<slowly>";

    TabClientTest() throws IOException {}

    @AfterEach
    void stop() throws IOException {
        server.close();
        acceptor.interrupt();
    }

    private TabClient client(Duration timeout) {
        return new TabClient("http://localhost:" + server.getLocalPort(), timeout);
    }

    private static String json(int status, String body, String... headers) {
        return JSON_HEAD.formatted(status, body.getBytes(StandardCharsets.UTF_8).length)
                + String.join("", headers)
                + "\r\n"
                + body;
    }

    @Test
    void aTabSendsItsHeadersAndBodyAndKeepsOneConnection() {
        answers.add(json(201, "{\"sessionToken\":\"t1\"}"));
        answers.add(json(200, "{\"status\":\"WAITING\"}", "ETag: \"v7\"\r\n"));
        TabClient client = client(Duration.ofSeconds(5));
        try (TabClient.Tab tab = client.open()) {
            TabClient.Answer created = tab.call("session", client.post("/api/sessions", null, null, "k-1", "{}"));
            TabClient.Answer status = tab.call("status", client.get("/api/queue/e/status", "t1", "\"v6\""));

            assertThat(created.status()).isEqualTo(201);
            assertThat(created.body().path("sessionToken").asString()).isEqualTo("t1");
            assertThat(status.body().path("status").asString()).isEqualTo("WAITING");
            assertThat(status.etag()).isEqualTo("\"v7\"");
        }
        assertThat(connections).hasValue(1);
        assertThat(requests.get(0))
                .startsWith("POST /api/sessions HTTP/1.1\r\n")
                .contains("Idempotency-Key: k-1\r\n", "Content-Length: 2\r\n")
                .endsWith("\r\n\r\n{}");
        assertThat(requests.get(1))
                .startsWith("GET /api/queue/e/status HTTP/1.1\r\n")
                .contains("Authorization: Bearer t1\r\n", "If-None-Match: \"v6\"\r\n")
                .doesNotContain("Content-Length");
        assertThat(client.figures().answers("session")).isEqualTo(Map.of("201", 1));
    }

    @Test
    void aTabReleasingIdleConnectionsLetsItsConnectionGoBeforeALongWaitOnly() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            answers.add(json(200, "{}"));
        }
        TabClient client = client(Duration.ofSeconds(5)).releasingIdle(Duration.ofMillis(50));
        try (TabClient.Tab tab = client.open()) {
            tab.call("progress", client.get("/p", null, null));
            tab.pause(10);
            tab.call("progress", client.get("/p", null, null));
            assertThat(connections).as("a short wait keeps the connection").hasValue(1);
            tab.pause(60);
            assertThat(tab.call("progress", client.get("/p", null, null)).status())
                    .isEqualTo(200);
        }
        assertThat(connections)
                .as("a long one lets it go: the next call connects again")
                .hasValue(2);
        assertThat(client.figures().answers("progress")).isEqualTo(Map.of("200", 3));
    }

    @Test
    void tabsHoldingAtMostOneConnectionTakeTurnsAndOneThatWaitsTooLongIsNeverSent() throws Exception {
        for (int i = 0; i < 3; i++) {
            answers.add(json(200, "{}"));
        }
        TabClient client = client(Duration.ofMillis(300)).holdingAtMost(1);
        TabClient.Tab first = client.open();
        TabClient.Tab second = client.open();
        assertThat(first.call("progress", client.get("/p", null, null)).status())
                .isEqualTo(200);

        TabClient.Answer waited = second.call("progress", client.get("/p", null, null));
        assertThat(waited.status())
                .as("the only connection is the first tab's: none free in 300 ms")
                .isZero();
        assertThat(requests).as("never sent").hasSize(1);

        Future<TabClient.Answer> turn;
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            turn = threads.submit(() -> second.call("progress", client.get("/p", null, null)));
            Thread.sleep(100);
            assertThat(turn).as("waits for the first tab's connection").isNotDone();
            first.close();
        }
        assertThat(turn.get().status()).isEqualTo(200);
        second.close();
        try (TabClient.Tab third = client.open()) {
            assertThat(third.call("progress", client.get("/p", null, null)).status())
                    .as("a closed tab's connection is free for the next")
                    .isEqualTo(200);
        }
        assertThat(connections).hasValue(3);
        assertThat(client.figures().answers("progress"))
                .isEqualTo(Map.of("200", 3, "connection failed (NoConnectionFree)", 1));
    }

    @Test
    void chunkedAnswersNotModifiedAndProblemsAreRead() {
        answers.add("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\n{\"a\":\r\n3;ext=1\r\n 1}\r\n0\r\n\r\n");
        answers.add("HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\n\r\n");
        answers.add(json(
                409, "{\"type\":\"/problems/sold-out\",\"status\":409}", "Content-Type: application/problem+json\r\n"));
        answers.add(json(503, "{\"type\":\"/problems/service-unavailable\"}", "Retry-After: 3\r\n"));
        TabClient client = client(Duration.ofSeconds(5));
        try (TabClient.Tab tab = client.open()) {
            assertThat(tab.call("a", client.get("/a", null, null))
                            .body()
                            .path("a")
                            .asInt())
                    .isEqualTo(1);
            TabClient.Answer notModified = tab.call("b", client.get("/b", null, "\"v1\""));
            assertThat(notModified.status()).isEqualTo(304);
            assertThat(notModified.body()).isNull();
            assertThat(tab.call("c", client.get("/c", null, null)).status()).isEqualTo(409);
            assertThat(tab.call("d", client.get("/d", null, null)).retryAfterSeconds())
                    .isEqualTo(3);
        }
        assertThat(connections).hasValue(1);
        assertThat(client.figures().answers("c")).isEqualTo(Map.of("409 sold-out", 1));
        assertThat(client.figures().answers("d")).isEqualTo(Map.of("503 service-unavailable", 1));
    }

    @Test
    void answersLongerThanTheTabsBufferAndAnswersSentAByteAtATimeAreReadWhole() {
        String etag = "\"" + "e".repeat(20_000) + "\"";
        String big = "{\"seats\":\"" + "s".repeat(50_000) + "\"}";
        String chunk = "{\"c\":\"" + "c".repeat(9_000) + "\"}";
        answers.add(json(200, big, "ETag: " + etag + "\r\n"));
        answers.add("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(chunk.length())
                + "\r\n" + chunk + "\r\n0\r\n\r\n");
        answers.add(SLOWLY + json(200, "{\"slow\":true}", "Retry-After: 2\r\n"));
        TabClient client = client(Duration.ofSeconds(5));
        try (TabClient.Tab tab = client.open()) {
            TabClient.Answer first = tab.call("big", client.get("/big", null, null));
            assertThat(first.etag()).isEqualTo(etag);
            assertThat(first.body().path("seats").asString()).hasSize(50_000);
            assertThat(tab.call("chunked", client.get("/chunked", null, null))
                            .body()
                            .path("c")
                            .asString())
                    .hasSize(9_000);
            TabClient.Answer slow = tab.call("slow", client.get("/slow", null, null));
            assertThat(slow.body().path("slow").asBoolean()).isTrue();
            assertThat(slow.retryAfterSeconds()).isEqualTo(2);
        }
        assertThat(connections).hasValue(1);
    }

    @Test
    void aKeptConnectionTheServerClosedIsReplacedAndTheRequestSentAgain() {
        answers.add(json(200, "{}"));
        answers.add(CLOSE);
        answers.add(json(200, "{\"again\":true}"));
        TabClient client = client(Duration.ofSeconds(5));
        try (TabClient.Tab tab = client.open()) {
            tab.call("first", client.get("/x", null, null));
            TabClient.Answer second = tab.call("second", client.get("/y", null, null));
            assertThat(second.body().path("again").asBoolean()).isTrue();
        }
        assertThat(connections).hasValue(2);
        assertThat(requests).hasSize(3);
        assertThat(requests.get(2)).startsWith("GET /y ");
        assertThat(client.figures().answers("second")).isEqualTo(Map.of("200", 1));
    }

    @Test
    void connectionCloseIsHonouredAndTheNextCallConnectsAgain() {
        answers.add(json(200, "{}", "Connection: close\r\n"));
        answers.add(json(200, "{}"));
        TabClient client = client(Duration.ofSeconds(5));
        try (TabClient.Tab tab = client.open()) {
            tab.call("one", client.get("/x", null, null));
            tab.call("two", client.get("/x", null, null));
        }
        assertThat(connections).hasValue(2);
        assertThat(client.figures().answers("two")).isEqualTo(Map.of("200", 1));
    }

    @Test
    void aServerThatNeverAnswersIsNoAnswerAndANewConnectionFailingIsNotRetried() throws IOException {
        answers.add(SILENCE);
        TabClient client = client(Duration.ofMillis(300));
        try (TabClient.Tab tab = client.open()) {
            assertThat(tab.call("silent", client.get("/x", null, null))).isEqualTo(TabClient.Answer.NONE);
        }
        assertThat(client.figures().answers("silent")).isEqualTo(Map.of("no answer in 0 s", 1));

        answers.add(CLOSE);
        try (TabClient.Tab tab = client.open()) {
            assertThat(tab.call("closed", client.get("/x", null, null)).status())
                    .isZero();
        }
        assertThat(client.figures().answers("closed")).isEqualTo(Map.of("connection failed (EOFException)", 1));

        // a port bound but not listening refuses connections, and stays ours while bound, so that nothing else
        // can start listening on it meanwhile (a closed server's port could be taken again before the call)
        try (Socket bound = new Socket()) {
            bound.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            TabClient refused = new TabClient("http://127.0.0.1:" + bound.getLocalPort(), Duration.ofSeconds(1));
            try (TabClient.Tab tab = refused.open()) {
                tab.call("refused", refused.get("/x", null, null));
            }
            assertThat(refused.figures().answers("refused")).containsOnlyKeys("connection failed (ConnectException)");
        }
    }

    private void serve() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                connections.incrementAndGet();
                Thread.ofVirtual().start(() -> converse(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void converse(Socket socket) {
        try (socket) {
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            while (true) {
                String request = readRequest(in);
                if (request == null) {
                    return;
                }
                requests.add(request);
                String answer = answers.take();
                if (answer.equals(CLOSE)) {
                    return;
                }
                if (answer.equals(SILENCE)) {
                    Thread.sleep(2_000);
                    return;
                }
                if (answer.startsWith(SLOWLY)) {
                    for (byte b : answer.substring(SLOWLY.length()).getBytes(StandardCharsets.UTF_8)) {
                        out.write(b);
                        out.flush();
                    }
                } else {
                    out.write(answer.getBytes(StandardCharsets.UTF_8));
                    out.flush();
                }
            }
        } catch (IOException | InterruptedException e) {
            // the test is over or the client gave up
        }
    }

    /** One request's head and body as text, null when the client closed the connection. */
    private static String readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.append((char) b);
        }
        int length = 0;
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
    }
}
