package dev.onsale.engines;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class LoopbackKafkaTest {

    @Test
    void the_two_listeners_never_get_the_same_port() {
        for (int i = 0; i < 500; i++) {
            int[] ports = LoopbackKafka.listenerPorts(0);
            assertThat(ports[0]).isPositive().isNotEqualTo(ports[1]);
            assertThat(ports[1]).isPositive();
        }
    }

    @Test
    void a_fixed_client_port_is_kept_and_the_controller_gets_another() throws Exception {
        int fixed;
        try (var socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            fixed = socket.getLocalPort();
        }
        for (int i = 0; i < 500; i++) {
            int[] ports = LoopbackKafka.listenerPorts(fixed);
            assertThat(ports[0]).isEqualTo(fixed);
            assertThat(ports[1]).isPositive().isNotEqualTo(fixed);
        }
    }
}
