package dev.onsale.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A service keeps the gateway's connections open however many requests they carry. Tomcat's own default closes a
 * connection after its 100th request; under a sale's arrival the gateway then opened a new connection every hundred
 * requests, thousands of them at once, and each connection's buffers crowded the service's heap into full
 * collections of a second and more.
 */
@PlatformWebTest
class KeepAliveTest {

    @LocalServerPort
    int port;

    @Test
    void oneConnectionCarriesMoreThanAHundredRequests() throws IOException {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = new BufferedInputStream(socket.getInputStream());
            for (int i = 1; i <= 250; i++) {
                out.write("GET /catalog HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                String head = readHead(in);
                assertThat(head).as("answer %d", i).startsWith("HTTP/1.1 200");
                assertThat(head.toLowerCase(Locale.ROOT))
                        .as("answer %d closes nothing", i)
                        .doesNotContain("connection: close");
                in.readNBytes(contentLength(head));
            }
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the service closed the connection; read so far: " + head);
            }
            head.write(b);
            matched = (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1) ? matched + 1 : 0;
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(
                        line.substring("content-length:".length()).trim());
            }
        }
        throw new AssertionError("no Content-Length in " + head);
    }
}
