package dev.onsale.engines;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What the engines need of the file system and the ports: pid files, a free port, a work dir removed. */
final class EngineFiles {

    private static final Logger log = LoggerFactory.getLogger(EngineFiles.class);
    private static final String LOOPBACK = "127.0.0.1";

    private EngineFiles() {}

    /** The pid an engine wrote to {@code pidFile}, waiting up to 5 s for it; empty if none came. */
    static OptionalLong readPid(Path pidFile) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (true) {
            try {
                if (Files.isRegularFile(pidFile)) {
                    String first = Files.readAllLines(pidFile).stream()
                            .findFirst()
                            .orElse("")
                            .trim();
                    if (!first.isEmpty()) {
                        return OptionalLong.of(Long.parseLong(first));
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // written concurrently by the engine; try again below
            }
            if (System.nanoTime() > deadline) {
                return OptionalLong.empty();
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return OptionalLong.empty();
            }
        }
    }

    static int freePort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK))) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            log.debug("Could not delete {}: {}", dir, e.toString());
        }
    }
}
