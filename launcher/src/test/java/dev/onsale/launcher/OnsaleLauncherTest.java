package dev.onsale.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnsaleLauncherTest {

    @TempDir
    Path repo;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return OnsaleLauncher.run(
                List.of(args), repo, Map.of(), new PrintStream(out, true), new PrintStream(err, true));
    }

    @Test
    void helpListsTheCommands() {
        assertThat(run("help")).isZero();
        assertThat(out.toString()).contains("up", "down", "test", "--gateway-port");
    }

    @Test
    void anUnknownCommandOrOptionExitsWithTwo() {
        assertThat(run("upp")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown command 'upp'");
        assertThat(run("up", "--gateway=1")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown option: --gateway");
    }

    @Test
    void upWithoutBuiltJarsSaysWhatToBuild() {
        assertThat(run("up")).isEqualTo(1);
        assertThat(err.toString()).contains("missing gateway/target/gateway-0.1.0-SNAPSHOT.jar", "./mvnw");
    }

    @Test
    void upRefusesAPortInUseAndNamesItsOwner() throws Exception {
        for (String module : List.of(
                "gateway",
                "queue-service",
                "inventory-service",
                "booking-service",
                "payment-service",
                "payment-sandbox")) {
            Files.createDirectories(repo.resolve(module + "/target"));
            Files.writeString(repo.resolve(module + "/target/" + module + "-0.1.0-SNAPSHOT.jar"), "");
        }
        Files.createDirectories(repo.resolve("embedded-engines/target"));
        Files.writeString(repo.resolve("embedded-engines/target/embedded-engines-0.1.0-SNAPSHOT-exec.jar"), "");
        try (var busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = busy.getLocalPort();
            assertThat(run(
                            "up",
                            "--gateway-port=" + port,
                            "--kafka-port=0",
                            "--postgres-port=0",
                            "--redis-port=0",
                            "--queue-port=" + Ports.free(),
                            "--inventory-port=" + Ports.free(),
                            "--booking-port=" + Ports.free(),
                            "--payment-port=" + Ports.free()))
                    .isEqualTo(1);
            assertThat(err.toString())
                    .contains("port " + port
                            + " (gateway) is already in use — is another stack running? try ./onsale down");
        }
        assertThat(Files.exists(repo.resolve(".onsale/stack.pids"))).isFalse();
    }

    @Test
    void downWithNothingRunningSaysSo() {
        assertThat(run("down")).isZero();
        assertThat(out.toString()).contains("nothing was running");
    }
}
