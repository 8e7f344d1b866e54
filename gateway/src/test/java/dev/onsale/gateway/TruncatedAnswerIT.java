package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.testing.TestHttp;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A service that dies while it answers (a replica killed between the first and the last chunk of its answer): the
 * buyer gets a whole 503 with {@code Retry-After}, never the beginning of an answer on a connection that is then cut.
 */
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TruncatedAnswerIT {

    /** The head and first chunk of a 200, then the connection closed: the service was killed mid-answer. */
    private static final String CUT_ANSWER = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            + "Connection: close\r\nTransfer-Encoding: chunked\r\n\r\nf\r\n{\"status\":\"WAIT\r\n";

    /** A whole chunked answer, for the answer that must still pass byte for byte. */
    private static final String WHOLE_ANSWER = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            + "Connection: close\r\nTransfer-Encoding: chunked\r\n\r\nf\r\n{\"status\":\"WAIT\r\n5\r\nING\"}\r\n0\r\n\r\n";

    static final ServerSocket QUEUE = open();
    static volatile String answer = CUT_ANSWER;

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void queueDiesWhileItAnswers(DynamicPropertyRegistry registry) {
        Thread.ofVirtual().start(TruncatedAnswerIT::serve);
        int closed = GatewayCalls.closedPort();
        registry.add("onsale.upstream.queue", () -> "http://127.0.0.1:" + QUEUE.getLocalPort());
        registry.add("onsale.upstream.inventory", () -> "http://127.0.0.1:" + closed);
        registry.add("onsale.upstream.booking", () -> "http://127.0.0.1:" + closed);
        registry.add("onsale.upstream.payment", () -> "http://127.0.0.1:" + closed);
    }

    @AfterAll
    static void stop() throws IOException {
        QUEUE.close();
    }

    @Test
    void anAnswerCutAfterItsFirstChunkIsAWhole503AndAWholeAnswerPassesUnchanged() {
        TestHttp gateway = TestHttp.at(port);
        String session = newSession(gateway);
        String path = "/api/queue/" + unique() + "/status";

        answer = CUT_ANSWER;
        TestHttp.Reply cut = gateway.get(path).bearer(session).send();
        assertThat(cut.status()).as(cut.toString()).isEqualTo(503);
        assertThat(cut.headers().firstValue("Retry-After")).isPresent();
        assertThat(cut.json().path("type").asString()).isEqualTo("/problems/service-unavailable");

        answer = WHOLE_ANSWER;
        TestHttp.Reply whole = gateway.get(path).bearer(session).send();
        assertThat(whole.status()).isEqualTo(200);
        assertThat(whole.body()).isEqualTo("{\"status\":\"WAITING\"}");
    }

    private static ServerSocket open() {
        try {
            return new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void serve() {
        while (!QUEUE.isClosed()) {
            try {
                Socket socket = QUEUE.accept();
                Thread.ofVirtual().start(() -> answerOnce(socket));
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Reads one request's head and writes the current answer, then closes: one answer a connection. */
    private static void answerOnce(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            StringBuilder head = new StringBuilder();
            while (!head.toString().endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    return;
                }
                head.append((char) b);
            }
            OutputStream out = socket.getOutputStream();
            out.write(answer.getBytes(StandardCharsets.US_ASCII));
            out.flush();
        } catch (IOException e) {
            // the gateway gave up on the connection: nothing to answer
        }
    }
}
