package dev.onsale.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

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

    /** The lowest port handed out by {@link #free}: above the well-known and most registered servers' ports. */
    static final int LOWEST_FREE = 10_000;

    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    /** Where the IANA range for outgoing connections begins, used where the kernel does not say (macOS, Windows). */
    private static final int IANA_EPHEMERAL_FLOOR = 49_152;

    /** A port free now, that no outgoing connection will take before a service binds it (see {@link #free(int)}). */
    static int free() {
        return free(1).getFirst();
    }

    /**
     * {@code count} distinct ports free now on every interface, taken below the kernel's range for outgoing
     * connections. A port the system hands out for a listener ({@code new ServerSocket(0)}) comes from that range,
     * and in the seconds between the pick and a service's start any connection of the stack can get it as its local
     * port, after which the service cannot listen on it (queue-service failed a stack's start that way). Each socket
     * stays bound until all are found, so that one port is never handed out twice.
     */
    static List<Integer> free(int count) {
        int ceiling = ephemeralFloor();
        if (ceiling - LOWEST_FREE < 16 * count) {
            return systemPicked(count);
        }
        var sockets = new ArrayList<ServerSocket>(count);
        try {
            int span = ceiling - LOWEST_FREE;
            int offset = ThreadLocalRandom.current().nextInt(span);
            for (int tried = 0; tried < span && sockets.size() < count; tried++) {
                bound(LOWEST_FREE + (offset + tried) % span).ifPresent(sockets::add);
            }
            if (sockets.size() < count) {
                throw new IllegalStateException(
                        "fewer than " + count + " free ports between " + LOWEST_FREE + " and " + ceiling);
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } finally {
            closeAll(sockets);
        }
    }

    /**
     * The first port of the kernel's range for outgoing connections ({@code net.ipv4.ip_local_port_range} on Linux).
     */
    static int ephemeralFloor() {
        try {
            // by line: Files.readString answered "3" for this file of "32768\t60999" (procfs reports a size of 0)
            String[] range =
                    Files.readAllLines(EPHEMERAL_RANGE).getFirst().trim().split("\\s+");
            return Integer.parseInt(range[0]);
        } catch (IOException | RuntimeException unreadable) {
            return IANA_EPHEMERAL_FLOOR;
        }
    }

    private static Optional<ServerSocket> bound(int port) {
        ServerSocket socket = null;
        try {
            socket = new ServerSocket();
            // as the servers do: connections of a previous run in TIME_WAIT must not count as "in use"
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(port), 1);
            return Optional.of(socket);
        } catch (IOException taken) {
            closeAll(socket == null ? List.of() : List.of(socket));
            return Optional.empty();
        }
    }

    /** Where the kernel leaves no room below its range for connections: the ports it picks for listeners. */
    private static List<Integer> systemPicked(int count) {
        var sockets = new ArrayList<ServerSocket>(count);
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().map(ServerSocket::getLocalPort).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            closeAll(sockets);
        }
    }

    private static void closeAll(List<ServerSocket> sockets) {
        for (ServerSocket socket : sockets) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a listening socket that was never used
            }
        }
    }
}
