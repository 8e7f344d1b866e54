package dev.onsale.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Tells whether a TCP port can still be taken on this machine. */
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
}
