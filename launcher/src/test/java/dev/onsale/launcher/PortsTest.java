package dev.onsale.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PortsTest {

    @Test
    void aPortSomeoneListensOnIsReportedWithItsOwner() throws Exception {
        try (var server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = server.getLocalPort();
            assertThat(Ports.inUse(port)).isTrue();
            assertThat(Ports.taken(Map.of(port, "gateway")))
                    .containsExactly("port " + port + " (gateway) is already in use");
        }
    }

    @Test
    void aFreePortIsNotReported() {
        int port = Ports.free();
        assertThat(Ports.inUse(port)).isFalse();
        assertThat(Ports.taken(Map.of(port, "gateway"))).isEmpty();
    }

    @Test
    void aPortWhoseServerJustClosedIsFreeAgain() throws Exception {
        int port;
        try (var server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            port = server.getLocalPort();
            try (var client = new java.net.Socket(InetAddress.getLoopbackAddress(), port);
                    var accepted = server.accept()) {
                accepted.getOutputStream().write(1);
            }
        }
        assertThat(Ports.inUse(port))
                .as("the closed connection lingers in TIME_WAIT")
                .isFalse();
    }

    @Test
    void aPortThatAnOutgoingConnectionHoldsCannotBeListenedOn() throws Exception {
        try (var server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                var client = new java.net.Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                var accepted = server.accept()) {
            assertThat(Ports.inUse(client.getLocalPort()))
                    .as("the client's local port %d, which the kernel picked", client.getLocalPort())
                    .isTrue();
        }
    }

    @Test
    void freePortsLieBelowTheRangeTheKernelGivesOutgoingConnectionsSoNoneCanTakeOneBeforeItsServiceStarts() {
        List<Integer> ports = Ports.free(12);
        assertThat(ports).doesNotHaveDuplicates().hasSize(12);
        assertThat(ports)
                .allSatisfy(port -> assertThat(port)
                        .isBetween(Ports.LOWEST_FREE, Ports.ephemeralFloor() - 1)
                        .satisfies(free -> assertThat(Ports.inUse(free)).isFalse()));
    }
}
