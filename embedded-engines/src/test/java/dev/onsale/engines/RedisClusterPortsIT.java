package dev.onsale.engines;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A cluster node never takes a port the stack picked for a service (nor as its bus port): the launcher picks the
 * services' ports first, and they are still free while the engines start. A distributed stack failed to start when
 * a node took queue-service's management port.
 */
class RedisClusterPortsIT {

    private static final int LOWEST = 20_000;
    private static final int RANGE = 20_000;
    private static final int BUS_OFFSET = 10_000;

    @Test
    void aNodeTakesTheOnePortPairLeftWhenEveryOtherIsToBeAvoided() throws IOException {
        int left = freePair();
        Set<Integer> avoid = new HashSet<>();
        for (int port = LOWEST; port < LOWEST + RANGE + BUS_OFFSET; port++) {
            if (port != left && port != left + BUS_OFFSET) {
                avoid.add(port);
            }
        }

        try (RedisClusterEngine cluster = RedisClusterEngine.start(1, 0, avoid)) {
            assertThat(cluster.ports()).containsExactly(left);
        }
    }

    /** A node port in the cluster's range that is free now, with its bus port. */
    private static int freePair() throws IOException {
        for (int port = LOWEST + 7_919; port < LOWEST + RANGE; port += 101) {
            if (free(port) && free(port + BUS_OFFSET)) {
                return port;
            }
        }
        throw new IllegalStateException("no free port pair to leave");
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
