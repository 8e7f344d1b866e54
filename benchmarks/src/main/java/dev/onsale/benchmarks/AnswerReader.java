package dev.onsale.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The answers of one connection, read through a buffer of its own: header lines are found by scanning the buffer,
 * not read a byte at a time through a stream's lock, and bodies are copied out of it before the stream is read.
 */
final class AnswerReader {

    private final InputStream in;
    private final int maxLineBytes;
    /** What was read from the connection and not parsed yet: {@code buffer[position, limit)}. */
    private final byte[] buffer = new byte[8192];

    private int position;
    private int limit;

    AnswerReader(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** One header line without its CRLF; {@code first}: an end of stream before any byte is an EOF. */
    String line(boolean first) throws IOException {
        StringBuilder spill = null;
        int total = 0;
        while (true) {
            if (position == limit && !fill()) {
                throw new EOFException(first && total == 0 ? "closed before an answer" : "the answer ended early");
            }
            int start = position;
            int end = start;
            while (end < limit && buffer[end] != '\n') {
                end++;
            }
            total += end - start;
            if (total > maxLineBytes) {
                throw new IOException("a header line longer than " + maxLineBytes + " bytes");
            }
            if (end == limit) {
                spill = spill == null ? new StringBuilder(128) : spill;
                spill.append(new String(buffer, start, end - start, StandardCharsets.ISO_8859_1));
                position = limit;
                continue;
            }
            position = end + 1;
            if (spill == null) {
                int stop = end > start && buffer[end - 1] == '\r' ? end - 1 : end;
                return new String(buffer, start, stop - start, StandardCharsets.ISO_8859_1);
            }
            spill.append(new String(buffer, start, end - start, StandardCharsets.ISO_8859_1));
            int length = spill.length();
            return length > 0 && spill.charAt(length - 1) == '\r' ? spill.substring(0, length - 1) : spill.toString();
        }
    }

    /** The next {@code n} bytes of the answer, fewer only where the connection ended before them. */
    byte[] bytes(int n) throws IOException {
        int buffered = Math.min(n, limit - position);
        byte[] bytes = new byte[n];
        System.arraycopy(buffer, position, bytes, 0, buffered);
        position += buffered;
        int read = buffered + in.readNBytes(bytes, buffered, n - buffered);
        return read == n ? bytes : Arrays.copyOf(bytes, read);
    }

    /** Everything up to the end of the connection (an answer without a length). */
    byte[] rest() throws IOException {
        ByteArrayOutputStream rest = new ByteArrayOutputStream();
        rest.write(buffer, position, limit - position);
        position = limit;
        rest.write(in.readAllBytes());
        return rest.toByteArray();
    }

    /** Reads what the connection has into the emptied buffer; false at its end. */
    private boolean fill() throws IOException {
        int n = in.read(buffer, 0, buffer.length);
        position = 0;
        limit = Math.max(n, 0);
        return n > 0;
    }
}
