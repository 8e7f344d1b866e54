package dev.onsale.engines;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Carries out the faults a test or a rehearsal asks of the engines by dropping a file in the control directory:
 * <ul>
 *   <li>{@code stop-kafka-<n>} stops broker {@code n} of several, as a broker lost;
 *   <li>{@code restart-redis} kills the one redis-server and starts it again, empty, on the same port.
 * </ul>
 * The request is then replaced by {@code <request>.done} (holding the new redis-server's pid for a restart), or by
 * {@code <request>.failed} holding the reason, so that whoever asked can tell which.
 */
final class EngineControl {

    static final String STOP_KAFKA = "stop-kafka-";
    static final String RESTART_REDIS = "restart-redis";
    static final String DONE = ".done";
    static final String FAILED = ".failed";

    private static final long LOOK_MS = 200;

    private final Path directory;
    private final EmbeddedEngines engines;

    EngineControl(Path directory, EmbeddedEngines engines) {
        this.directory = directory;
        this.engines = engines;
    }

    /** Obeys requests until interrupted. */
    void obey() {
        try {
            Files.createDirectories(directory);
            while (true) {
                try (var requests = Files.list(directory)) {
                    for (Path request : requests.toList()) {
                        String name = request.getFileName().toString();
                        if (!name.endsWith(DONE) && !name.endsWith(FAILED)) {
                            carryOut(request, name);
                        }
                    }
                }
                Thread.sleep(LOOK_MS);
            }
        } catch (IOException e) {
            System.out.println("onsale engines: control directory unusable: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void carryOut(Path request, String name) throws IOException {
        String outcome = DONE;
        String said;
        try {
            said = answer(name);
        } catch (IOException | RuntimeException e) {
            outcome = FAILED;
            said = e.toString();
        }
        System.out.println("onsale engines: " + name + outcome + " " + said);
        Files.writeString(directory.resolve(name + outcome), said);
        Files.deleteIfExists(request);
    }

    private String answer(String request) throws IOException {
        if (request.startsWith(STOP_KAFKA)) {
            engines.stopKafkaBroker(Integer.parseInt(request.substring(STOP_KAFKA.length())));
            return "";
        }
        if (request.equals(RESTART_REDIS)) {
            return String.valueOf(engines.restartRedis());
        }
        throw new IllegalArgumentException("unknown control request " + request);
    }
}
