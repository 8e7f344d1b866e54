package dev.onsale.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Waits until every service answers 200 on /actuator/health/readiness of its management port; fails fast when
 * one of them dies.
 */
final class Readiness {

    private final StackConfig config;
    private final Map<Replica, Process> services;
    private final Path runDir;
    private final Consumer<String> progress;

    Readiness(StackConfig config, Map<Replica, Process> services, Path runDir, Consumer<String> progress) {
        this.config = config;
        this.services = services;
        this.runDir = runDir;
        this.progress = progress;
    }

    void await(long stackStarted) {
        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        var pending = new LinkedHashSet<>(services.keySet());
        long deadline = System.nanoTime() + config.readinessTimeout().toNanos();
        while (!pending.isEmpty()) {
            for (Replica replica : List.copyOf(pending)) {
                Process process = services.get(replica);
                if (!process.isAlive()) {
                    throw Stack.died(replica.name(), process, runDir.resolve(replica.name() + ".log"));
                }
                if (ready(http, replica)) {
                    pending.remove(replica);
                    progress.accept(replica.name() + " ready on port " + replica.port() + " after "
                            + Stack.seconds(stackStarted) + " s");
                }
            }
            if (!pending.isEmpty() && System.nanoTime() > deadline) {
                var message = new StringBuilder(
                        "not ready within " + config.readinessTimeout().toSeconds() + " s:");
                for (Replica replica : pending) {
                    Path log = runDir.resolve(replica.name() + ".log");
                    message.append("\n== ")
                            .append(replica.name())
                            .append(" (http://127.0.0.1:")
                            .append(replica.managementPort())
                            .append("/actuator/health/readiness), last lines of ")
                            .append(log)
                            .append(":\n")
                            .append(Processes.tail(log, 15));
                }
                throw new StackException(message.toString());
            }
            if (!pending.isEmpty()) {
                Stack.pause();
            }
        }
    }

    private boolean ready(HttpClient http, Replica replica) {
        var request = HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + replica.managementPort() + "/actuator/health/readiness"))
                .timeout(Duration.ofSeconds(2))
                .GET()
                .build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("interrupted while waiting for " + replica.name());
        }
    }
}
