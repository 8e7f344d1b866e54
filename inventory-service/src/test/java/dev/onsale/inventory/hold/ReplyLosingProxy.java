package dev.onsale.inventory.hold;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A TCP proxy in front of Redis that can lose one answer: after {@link #loseNextReply()}, the next bytes Redis
 * sends back on any connection are dropped and that connection is cut, while the command itself has reached
 * Redis and run. What a client sees when a reply is lost on the network after the server acted.
 */
final class ReplyLosingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final String targetHost;
    private final int targetPort;
    private final AtomicBoolean loseNext = new AtomicBoolean();
    private volatile boolean closed;

    ReplyLosingProxy(String targetHost, int targetPort) {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        try {
            this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread.ofVirtual().start(this::accept);
    }

    int port() {
        return server.getLocalPort();
    }

    void loseNextReply() {
        loseNext.set(true);
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = server.accept();
                Socket redis = new Socket(targetHost, targetPort);
                Thread.ofVirtual().start(() -> pump(client, redis, false));
                Thread.ofVirtual().start(() -> pump(redis, client, true));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, boolean replies) {
        byte[] buffer = new byte[8192];
        try (from;
                to;
                InputStream in = from.getInputStream();
                OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                if (replies && loseNext.compareAndSet(true, false)) {
                    return; // the answer is gone, and so is the connection
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException connectionGone) {
            // either side closed
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
    }
}
