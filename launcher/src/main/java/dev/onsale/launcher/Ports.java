package dev.onsale.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Tells whether a TCP port can still be taken on this machine, and finds ports that can. */
final class Ports {

    private Ports() {}

    /** True when something listens on the port or it cannot be bound on every interface. */
    static boolean inUse(int port) {
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            return true;
        } catch (IOException refused) {
            // nothing listens on loopback; now make sure the port can be bound on all interfaces
        }
        try (var server = new ServerSocket()) {
            // as the servers do: connections of a previous run in TIME_WAIT must not count as "in use"
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(port));
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    /** One message per port in use, e.g. "port 8080 (gateway) is already in use". */
    static List<String> taken(Map<Integer, String> ports) {
        List<String> taken = new ArrayList<>();
        ports.forEach((port, owner) -> {
            if (inUse(port)) {
                taken.add("port " + port + " (" + owner + ") is already in use");
            }
        });
        return taken;
    }

    /** A port free on loopback now. */
    static int free() {
        return free(1).getFirst();
    }

    /**
     * {@code count} distinct ports free on loopback now: each socket stays bound until all are found, so that the
     * system cannot hand one port out twice (one port for two services failed a stack's start).
     */
    static List<Integer> free(int count) {
        var sockets = new ArrayList<ServerSocket>(count);
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            for (ServerSocket socket : sockets) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // closing a listening socket that was never used
                }
            }
        }
    }
}
