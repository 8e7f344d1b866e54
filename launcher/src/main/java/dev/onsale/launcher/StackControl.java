package dev.onsale.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The faults a rehearsal ({@code ./onsale rehearse --chaos}) or a test asks of a running stack, by dropping a file
 * in {@code <state dir>/control}:
 * <ul>
 *   <li>{@code kill-<service>} ({@code queue}, {@code inventory}, {@code booking}, {@code payment}, {@code sandbox},
 *       {@code gateway}): SIGKILL, as a crash, then started again as an orchestrator restarts a crashed pod;
 *       done once it is ready again; {@code kill-<service>-<n>} does so to its n-th replica ({@code --replicas});
 *   <li>{@code pause-kafka-<seconds>}: SIGSTOP of the engines process, where Kafka runs (all its brokers), for that
 *       long, then SIGCONT: a broker that stops answering without closing a connection;
 *   <li>{@code restart-redis}: the one redis-server killed and started again, empty (the engines do it).
 * </ul>
 * A request is renamed {@code <request>.running} while it is carried out (several at once), then
 * {@code <request>.done} holding what took how long, or {@code <request>.failed} holding why.
 */
final class StackControl {

    static final String DIRECTORY = "control";
    static final String KILL = "kill-";
    static final String PAUSE_KAFKA = "pause-kafka-";
    static final String RESTART_REDIS = "restart-redis";
    static final String RUNNING = ".running";
    static final String DONE = ".done";
    static final String FAILED = ".failed";

    private static final long LOOK_MS = 200;
    private static final Duration ENGINES_ANSWER = Duration.ofSeconds(60);
    private static final Duration LONGEST_PAUSE = Duration.ofMinutes(5);

    /** What the faults act on: a running {@link Stack}, or a stand-in in a test. */
    interface Target {

        /** Kills replica {@code number} of {@code service} (SIGKILL) and starts it again; returns once it is ready. */
        void crash(Service service, int number);

        /** The engines process' pid, -1 if unknown. */
        long enginesPid();

        /** The engines' own control directory (see the engines' {@code EngineControl}). */
        Path enginesControl();

        /** Records the pid of the redis-server the engines started in place of the old one. */
        void redisRestarted(String pid);
    }

    private final Target stack;
    private final Path directory;
    private final Consumer<String> progress;

    StackControl(Target stack, Path directory, Consumer<String> progress) {
        this.stack = stack;
        this.directory = directory;
        this.progress = progress;
    }

    /** The faults of a running stack, asked for in its {@link Stack#controlDir()}. */
    static StackControl of(Stack stack, Consumer<String> progress) {
        return new StackControl(
                new Target() {
                    @Override
                    public void crash(Service service, int number) {
                        stack.crash(service, number);
                    }

                    @Override
                    public long enginesPid() {
                        return stack.pids().getOrDefault(Teardown.ENGINES, -1L);
                    }

                    @Override
                    public Path enginesControl() {
                        return stack.runDir().resolve("engines").resolve(DIRECTORY);
                    }

                    @Override
                    public void redisRestarted(String pid) {
                        stack.recordEnginePid(Teardown.REDIS, pid);
                    }
                },
                stack.controlDir(),
                progress);
    }

    /** Starts obeying on a thread of its own, after clearing what an earlier stack left; returns that thread. */
    Thread start() {
        try {
            Files.createDirectories(directory);
            try (var stale = Files.list(directory)) {
                for (Path file : stale.toList()) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            throw new StackException("the control directory " + directory + " is unusable: " + e.getMessage(), e);
        }
        return Thread.ofVirtual().name("onsale-stack-control").start(this::obey);
    }

    private void obey() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                try (var requests = Files.list(directory)) {
                    for (Path request : requests.toList()) {
                        String name = request.getFileName().toString();
                        if (Arrays.asList(RUNNING, DONE, FAILED).stream().noneMatch(name::endsWith)) {
                            Path running = directory.resolve(name + RUNNING);
                            Files.move(request, running, StandardCopyOption.ATOMIC_MOVE);
                            Thread.ofVirtual().name("onsale-fault-" + name).start(() -> carryOut(name, running));
                        }
                    }
                }
                Thread.sleep(LOOK_MS);
            }
        } catch (IOException e) {
            progress.accept("the control directory is unusable: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void carryOut(String request, Path running) {
        long started = System.nanoTime();
        String outcome = DONE;
        String said;
        try {
            answer(request);
            said = request + " in " + Stack.seconds(started) + " s";
        } catch (RuntimeException | IOException e) {
            outcome = FAILED;
            said = request + " failed: " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = FAILED;
            said = request + " interrupted";
        }
        progress.accept("fault " + said);
        try {
            Files.writeString(directory.resolve(request + outcome), said);
            Files.deleteIfExists(running);
        } catch (IOException e) {
            progress.accept("could not answer " + request + ": " + e);
        }
    }

    private void answer(String request) throws IOException, InterruptedException {
        if (request.startsWith(KILL)) {
            // kill-<service> is its first replica; kill-<service>-<n> its n-th (--replicas)
            String[] named = request.substring(KILL.length()).split("-(?=\\d+$)");
            stack.crash(serviceNamed(named[0]), named.length == 2 ? Integer.parseInt(named[1]) : 1);
        } else if (request.startsWith(PAUSE_KAFKA)) {
            pauseEngines(Duration.ofSeconds(Long.parseLong(request.substring(PAUSE_KAFKA.length()))));
        } else if (request.equals(RESTART_REDIS)) {
            restartRedis();
        } else {
            throw new IllegalArgumentException("unknown request " + request + " (kill-<service>, " + PAUSE_KAFKA
                    + "<seconds>, " + RESTART_REDIS + ")");
        }
    }

    static Service serviceNamed(String option) {
        return Arrays.stream(Service.values())
                .filter(s -> s.option().equals(option))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no service " + option + "; one of "
                        + Arrays.stream(Service.values()).map(Service::option).toList()));
    }

    private void pauseEngines(Duration pause) throws IOException, InterruptedException {
        if (pause.isNegative() || pause.compareTo(LONGEST_PAUSE) > 0) {
            throw new IllegalArgumentException("a pause is 0 to " + LONGEST_PAUSE.toSeconds() + " s, not " + pause);
        }
        long engines = stack.enginesPid();
        signal("STOP", engines);
        try {
            Thread.sleep(pause);
        } finally {
            signal("CONT", engines);
        }
    }

    private static void signal(String signal, long pid) throws IOException, InterruptedException {
        if (pid <= 0) {
            throw new IllegalStateException("the engines' pid is unknown");
        }
        Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid))
                .redirectErrorStream(true)
                .start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " failed: "
                    + new String(kill.getInputStream().readAllBytes()).strip());
        }
    }

    /** Asks the engines to restart Redis (see the engines' control) and records the new redis-server's pid. */
    private void restartRedis() throws IOException, InterruptedException {
        Path engines = stack.enginesControl();
        Files.createDirectories(engines);
        Files.deleteIfExists(engines.resolve(RESTART_REDIS + DONE));
        Files.deleteIfExists(engines.resolve(RESTART_REDIS + FAILED));
        Files.writeString(engines.resolve(RESTART_REDIS), "");
        long deadline = System.nanoTime() + ENGINES_ANSWER.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(engines.resolve(RESTART_REDIS + FAILED))) {
                throw new IllegalStateException(Files.readString(engines.resolve(RESTART_REDIS + FAILED)));
            }
            if (Files.exists(engines.resolve(RESTART_REDIS + DONE))) {
                stack.redisRestarted(
                        Files.readString(engines.resolve(RESTART_REDIS + DONE)).strip());
                return;
            }
            Thread.sleep(LOOK_MS);
        }
        throw new IllegalStateException(
                "the engines did not restart Redis within " + ENGINES_ANSWER.toSeconds() + " s");
    }
}
