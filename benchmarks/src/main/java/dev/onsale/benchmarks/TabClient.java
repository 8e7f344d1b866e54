package dev.onsale.benchmarks;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The calls of the sale benchmark's browser tabs through the gateway, every answer and latency recorded in the
 * sale's {@link CallFigures} (a problem by its slug, e.g. {@code 409 sold-out}; no answer within its timeout, a
 * failed connection or an unreadable answer by what happened).
 *
 * <p>Each tab ({@link #open()}) keeps one HTTP/1.1 connection of its own, as a browser tab does, and speaks it with
 * blocking reads and writes on its virtual thread: a request costs the load generator two system calls and the
 * parsing of one answer. The JDK's {@code HttpClient} it replaces took 1.0-1.4 of this machine's two cores during
 * the arrival of 5,000 tabs, more than the gateway it was measuring; the sale's report prints what the generator
 * took, so that a figure is never read as the system's when it was the generator's.
 */
final class TabClient {

    /** How long a tab waits for an answer; after it the call counts as "no answer in 30 s". */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    private static final int MAX_HEAD_BYTES = 64 * 1024;

    /**
     * An answer as a tab reads it; {@link #NONE} when there was none (status 0, retry after 1 s). {@code publicMaxAge}:
     * how many seconds a shared cache may keep it ({@code Cache-Control: public, max-age}), -1 when it may not.
     */
    record Answer(int status, JsonNode body, OptionalLong retryAfter, String etag, long publicMaxAge) {
        static final Answer NONE = new Answer(0, null, OptionalLong.empty(), null, -1);

        Answer(int status, JsonNode body, OptionalLong retryAfter, String etag) {
            this(status, body, retryAfter, etag, -1);
        }

        /** The answer's {@code Retry-After}, or a second when it gave none. */
        long retryAfterSeconds() {
            return retryAfter.orElse(1);
        }
    }

    /** One request of a tab: its method, path with query, extra header lines ({@code Name: value\r\n}) and body. */
    record Request(String method, String path, String headers, byte[] body) {}

    private final InetSocketAddress gateway;
    private final String host;
    private final Duration timeout;
    private final CallFigures calls;
    /** A tab that is to wait at least this long lets its connection go first; zero: it keeps it. */
    private final Duration releaseIdle;
    /** The connections all tabs may hold at once, as an edge in front of the gateway pools them; null: no limit. */
    private final Semaphore connections;

    private final JsonMapper json = JsonMapper.builder().build();

    /** Tabs on {@code gateway}, an {@code http://host:port} address, waiting {@link #TIMEOUT} for an answer. */
    TabClient(String gateway) {
        this(gateway, TIMEOUT);
    }

    /** Tabs on {@code gateway} that give up on an answer after {@code timeout}. */
    TabClient(String gateway, Duration timeout) {
        this(address(gateway), timeout, new CallFigures(), Duration.ZERO, null);
    }

    private TabClient(
            InetSocketAddress gateway,
            Duration timeout,
            CallFigures calls,
            Duration releaseIdle,
            Semaphore connections) {
        this.gateway = gateway;
        this.host = gateway.getHostString() + ":" + gateway.getPort();
        this.timeout = timeout;
        this.calls = calls;
        this.releaseIdle = releaseIdle;
        this.connections = connections;
    }

    /**
     * These tabs, but each closes its connection before a wait of {@code after} or longer (see {@link Tab#pause}),
     * as a server's keep-alive timeout would: a crowd larger than the connections one process may hold (this
     * machine allows 20,000 open files a process) then holds only those of the tabs that are asking.
     */
    TabClient releasingIdle(Duration after) {
        return new TabClient(gateway, timeout, calls, after, connections);
    }

    /**
     * These tabs, but holding at most {@code max} connections at once between them: a tab that has none waits for
     * one to be let go (up to its answer timeout, counted in the call's latency) before it connects. A crowd of
     * 50,000 arriving within seconds otherwise opens more sockets than this machine allows a process, in the load
     * generator and in the gateway alike (20,000 open files); in production an edge (a CDN or a load balancer) holds
     * the buyers' connections and reaches the gateway over fewer.
     */
    TabClient holdingAtMost(int max) {
        return new TabClient(gateway, timeout, calls, releaseIdle, new Semaphore(max));
    }

    private static InetSocketAddress address(String gateway) {
        URI uri = URI.create(gateway);
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("the sale benchmark's tabs speak http://host:port only, not " + gateway);
        }
        return InetSocketAddress.createUnresolved(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : 80);
    }

    /** Tabs on the same gateway with figures of their own: those of another sale. */
    TabClient forAnotherSale() {
        return new TabClient(gateway, timeout, new CallFigures(), releaseIdle, connections);
    }

    /** Every call's answers and latencies so far. */
    CallFigures figures() {
        return calls;
    }

    /** A new tab; its connection opens on its first call. Close it when the buyer leaves. */
    Tab open() {
        return new Tab(status -> {});
    }

    /** A new tab that tells {@code answered} the status of each of its calls' answers (0: none came). */
    Tab open(IntConsumer answered) {
        return new Tab(answered);
    }

    /** A tab's POST of a JSON body: {@code session}, {@code admission} token and {@code Idempotency-Key} when not null. */
    Request post(String path, String session, String admission, String key, String body) {
        StringBuilder headers = new StringBuilder("Content-Type: application/json\r\n");
        header(headers, "Authorization", session == null ? null : "Bearer " + session);
        header(headers, "X-Admission-Token", admission);
        header(headers, "Idempotency-Key", key);
        return new Request("POST", path, headers.toString(), body.getBytes(StandardCharsets.UTF_8));
    }

    /** A tab's DELETE with its {@code session}. */
    Request delete(String path, String session) {
        StringBuilder headers = new StringBuilder();
        header(headers, "Authorization", "Bearer " + session);
        return new Request("DELETE", path, headers.toString(), null);
    }

    /** A tab's GET: {@code session} and {@code If-None-Match} are sent when not null. */
    Request get(String path, String session, String ifNoneMatch) {
        StringBuilder headers = new StringBuilder();
        header(headers, "Authorization", session == null ? null : "Bearer " + session);
        header(headers, "If-None-Match", ifNoneMatch);
        return new Request("GET", path, headers.toString(), null);
    }

    private static void header(StringBuilder headers, String name, String value) {
        if (value != null) {
            headers.append(name).append(": ").append(value).append("\r\n");
        }
    }

    /** A browser tab: one keep-alive connection, used by one thread at a time. */
    final class Tab implements AutoCloseable {

        private final IntConsumer answered;
        private Socket socket;
        private AnswerReader in;
        private OutputStream out;

        private Tab(IntConsumer answered) {
            this.answered = answered;
        }

        /** Waits {@code millis} before the tab's next call, first letting its connection go if that is long. */
        void pause(long millis) throws InterruptedException {
            if (!releaseIdle.isZero() && millis >= releaseIdle.toMillis()) {
                close();
            }
            Thread.sleep(millis);
        }

        /** Sends {@code request} and records its answer under {@code what}. */
        Answer call(String what, Request request) {
            Answer answer = exchangeAndRecord(what, request);
            answered.accept(answer.status());
            return answer;
        }

        private Answer exchangeAndRecord(String what, Request request) {
            long started = System.nanoTime();
            try {
                HttpMessages.Answer response = exchange(request);
                JsonNode body = response.body().length == 0 ? null : json.readTree(response.body());
                String slug = response.status() >= 400 && body != null
                        ? " " + body.path("type").asString("").replace("/problems/", "")
                        : "";
                calls.record(what, response.status() + slug, System.nanoTime() - started);
                return new Answer(
                        response.status(), body, response.retryAfter(), response.etag(), response.publicMaxAge());
            } catch (SocketTimeoutException e) {
                close();
                calls.record(what, "no answer in " + timeout.toSeconds() + " s", System.nanoTime() - started);
                return Answer.NONE;
            } catch (IOException e) {
                close();
                calls.record(
                        what, "connection failed (" + e.getClass().getSimpleName() + ")", System.nanoTime() - started);
                return Answer.NONE;
            } catch (RuntimeException e) {
                close();
                calls.record(what, "unreadable answer", System.nanoTime() - started);
                return Answer.NONE;
            }
        }

        /**
         * One request and its answer. A kept-alive connection the gateway closed meanwhile fails before the first
         * byte of an answer; the request is then sent once more on a new connection, as browsers do.
         */
        private HttpMessages.Answer exchange(Request request) throws IOException {
            boolean reused = socket != null;
            if (!reused) {
                connect();
            }
            try {
                send(request);
                return receive(true);
            } catch (NothingReceived e) {
                close();
                if (!reused) {
                    throw e.cause();
                }
                connect();
                try {
                    send(request);
                } catch (NothingReceived again) {
                    throw again.cause();
                }
                return receive(false);
            }
        }

        private void connect() throws IOException {
            acquireConnection();
            Socket opened = new Socket();
            try {
                opened.setTcpNoDelay(true);
                opened.setSoTimeout((int) timeout.toMillis());
                opened.connect(new InetSocketAddress(gateway.getHostString(), gateway.getPort()), (int)
                        CONNECT_TIMEOUT.toMillis());
            } catch (IOException e) {
                opened.close();
                releaseConnection();
                throw e;
            }
            socket = opened;
            in = new AnswerReader(opened.getInputStream(), MAX_HEAD_BYTES);
            out = opened.getOutputStream();
        }

        private void send(Request request) throws IOException {
            byte[] whole = HttpMessages.encode(request, host);
            try {
                out.write(whole);
                out.flush();
            } catch (IOException e) {
                throw new NothingReceived(e);
            }
        }

        private HttpMessages.Answer receive(boolean mayRetry) throws IOException {
            String statusLine;
            try {
                statusLine = in.line(true);
            } catch (SocketTimeoutException e) {
                throw e; // no answer in time is not a closed connection: not sent again
            } catch (IOException e) {
                throw mayRetry ? new NothingReceived(e) : e;
            }
            HttpMessages.Answer answer = HttpMessages.read(statusLine, in);
            if (answer.closes()) {
                close();
            }
            return answer;
        }

        @Override
        public void close() {
            if (socket != null) {
                try {
                    socket.close();
                } catch (IOException e) {
                    // closing a connection that failed: nothing more to do
                }
                socket = null;
                in = null;
                out = null;
                releaseConnection();
            }
        }

        private void acquireConnection() throws IOException {
            if (connections == null) {
                return;
            }
            try {
                if (!connections.tryAcquire(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new NoConnectionFree(timeout);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for a connection");
            }
        }

        private void releaseConnection() {
            if (connections != null) {
                connections.release();
            }
        }
    }

    /** No connection was let go within the answer timeout, under {@link #holdingAtMost}: the call was never sent. */
    private static final class NoConnectionFree extends IOException {

        NoConnectionFree(Duration waited) {
            super("no connection free within " + waited.toSeconds() + " s");
        }
    }

    /** A request that failed before any byte of its answer came: safe to send again on a new connection. */
    private static final class NothingReceived extends IOException {
        NothingReceived(IOException cause) {
            super(cause.getMessage(), cause);
        }

        IOException cause() {
            return (IOException) getCause();
        }
    }
}
