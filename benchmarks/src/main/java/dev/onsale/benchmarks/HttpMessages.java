package dev.onsale.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * How a tab's request is written and its answer read on an HTTP/1.1 connection ({@link TabClient}): the bytes of a
 * request, and an answer's status, the headers a tab uses, and its body (by length, chunked, or to the end).
 */
final class HttpMessages {

    /**
     * An answer as read: its status and body, its {@code ETag} and {@code Retry-After} when it had them, the
     * {@code max-age} of a {@code Cache-Control: public} (-1 when it is not one), and whether the server closes the
     * connection after it.
     */
    record Answer(int status, byte[] body, String etag, String retryAfterHeader, long publicMaxAge, boolean closes) {

        /** {@code Retry-After} in seconds (at least 1; an unreadable one is 1), empty when the answer had none. */
        OptionalLong retryAfter() {
            try {
                return retryAfterHeader == null
                        ? OptionalLong.empty()
                        : OptionalLong.of(Math.max(1, Long.parseLong(retryAfterHeader.trim())));
            } catch (NumberFormatException e) {
                return OptionalLong.of(1);
            }
        }
    }

    private HttpMessages() {}

    /** The bytes of {@code request} to {@code host}: its head, with Content-Length when it has a body, then the body. */
    static byte[] encode(TabClient.Request request, String host) {
        StringBuilder head = new StringBuilder(256)
                .append(request.method())
                .append(' ')
                .append(request.path())
                .append(" HTTP/1.1\r\nHost: ")
                .append(host)
                .append("\r\nAccept: application/json, application/problem+json\r\n")
                .append(request.headers());
        if (request.body() != null) {
            head.append("Content-Length: ").append(request.body().length).append("\r\n");
        }
        head.append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        if (request.body() == null) {
            return headBytes;
        }
        byte[] whole = new byte[headBytes.length + request.body().length];
        System.arraycopy(headBytes, 0, whole, 0, headBytes.length);
        System.arraycopy(request.body(), 0, whole, headBytes.length, request.body().length);
        return whole;
    }

    /** The rest of the answer whose {@code statusLine} was read from {@code in}: its headers and body. */
    static Answer read(String statusLine, AnswerReader in) throws IOException {
        if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) {
            throw new IOException("not an HTTP/1.x status line: " + statusLine);
        }
        int status = Integer.parseInt(statusLine.substring(9, 12));
        long length = -1;
        boolean chunked = false;
        boolean closes = statusLine.startsWith("HTTP/1.0");
        String etag = null;
        String retryAfter = null;
        long publicMaxAge = -1;
        for (String line = in.line(false); !line.isEmpty(); line = in.line(false)) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            switch (name) {
                case "content-length" -> length = Long.parseLong(value);
                case "transfer-encoding" ->
                    chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "connection" -> closes = value.toLowerCase(Locale.ROOT).contains("close");
                case "etag" -> etag = value;
                case "retry-after" -> retryAfter = value;
                case "cache-control" -> publicMaxAge = publicMaxAge(value);
                default -> {}
            }
        }
        byte[] body;
        if (status == 204 || status == 304 || status < 200) {
            body = new byte[0];
        } else if (chunked) {
            body = chunks(in);
        } else if (length >= 0) {
            body = in.bytes((int) length);
            if (body.length < length) {
                throw new EOFException("the answer ended after " + body.length + " of " + length + " bytes");
            }
        } else {
            body = in.rest();
            closes = true;
        }
        return new Answer(status, body, etag, retryAfter, publicMaxAge, closes);
    }

    /** The {@code max-age} of a {@code Cache-Control} that lets a shared cache keep the answer; -1 otherwise. */
    static long publicMaxAge(String cacheControl) {
        long maxAge = -1;
        boolean shared = false;
        for (String directive : cacheControl.toLowerCase(Locale.ROOT).split(",")) {
            String d = directive.trim();
            if (d.equals("public")) {
                shared = true;
            } else if (d.equals("private") || d.equals("no-store") || d.equals("no-cache")) {
                return -1;
            } else if (d.startsWith("max-age=")) {
                try {
                    maxAge = Long.parseLong(d.substring("max-age=".length()).trim());
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return shared ? maxAge : -1;
    }

    private static byte[] chunks(AnswerReader in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = in.line(false);
            int extension = size.indexOf(';');
            int n = Integer.parseInt((extension >= 0 ? size.substring(0, extension) : size).trim(), 16);
            if (n == 0) {
                while (!in.line(false).isEmpty()) {
                    // trailers: none expected, skipped
                }
                return body.toByteArray();
            }
            byte[] chunk = in.bytes(n);
            if (chunk.length < n) {
                throw new EOFException("a chunk ended early");
            }
            body.write(chunk);
            in.line(false);
        }
    }
}
