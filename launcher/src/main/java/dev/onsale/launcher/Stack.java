package dev.onsale.launcher;

import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A running local stack: the engines process and every service, each its own JVM with its own log in the run
 * directory. {@link #start} returns only when every service answers 200 on /actuator/health/readiness, and
 * leaves nothing running when it fails. {@link #close()} (also run by a shutdown hook) stops everything and
 * makes sure no postgres or redis-server survives. {@link #down} does the same for a stack whose launcher is gone.
 */
public final class Stack implements AutoCloseable {

    private static final DateTimeFormatter RUN_NAME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final int TAIL_LINES = 40;
    private static final Duration POLL = Duration.ofMillis(250);

    private final StackConfig config;
    private final Consumer<String> progress;
    private final Path runDir;
    private final PidsFile pids;
    private final Map<Service, Process> services = new EnumMap<>(Service.class);
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook;
    private Map<String, String> engineEnvironment = Map.of();

    private Stack(StackConfig config, Consumer<String> progress, Path runDir) {
        this.config = config;
        this.progress = progress;
        this.runDir = runDir;
        this.pids = new PidsFile(config.stateDir());
        this.shutdownHook = new Thread(this::stopEverything, "onsale-stack-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        pids.record(PidsFile.Entry.of(Teardown.LAUNCHER, ProcessHandle.current()));
    }

    public static Stack start(StackConfig config) {
        return start(config, System.out::println);
    }

    /** Starts the whole stack or throws a {@link StackException} explaining why not, with nothing left running. */
    public static Stack start(StackConfig config, Consumer<String> progress) {
        preflight(config);
        long started = System.nanoTime();
        var stack = new Stack(config, progress, newRunDir(config.stateDir()));
        try {
            stack.startEngines();
            stack.startServices();
            stack.awaitReadiness(started);
            progress.accept("stack ready in " + seconds(started) + " s");
            return stack;
        } catch (RuntimeException e) {
            stack.close();
            throw e instanceof StackException se ? se : new StackException(e.getMessage(), e);
        }
    }

    /**
     * Stops the stack recorded in {@code <stateDir>/stack.pids}: asks a live launcher to stop first, then stops
     * whatever is still running; harmless when nothing runs.
     *
     * @return one line per process that was stopped
     */
    public static List<String> down(Path stateDir, Duration grace, Consumer<String> progress) {
        List<PidsFile.Entry> entries = PidsFile.read(stateDir);
        List<String> report = new ArrayList<>();
        long self = ProcessHandle.current().pid();
        for (PidsFile.Entry entry : entries) {
            if (entry.name().equals(Teardown.LAUNCHER) && entry.pid() != self) {
                entry.live().ifPresent(launcher -> {
                    progress.accept("asking the launcher (pid " + entry.pid() + ") to stop the stack");
                    boolean stopped = !Processes.stop(List.of(launcher), grace.multipliedBy(3)).contains(launcher);
                    report.add("launcher (pid " + entry.pid() + ") " + (stopped ? "stopped" : "killed"));
                });
            }
        }
        report.addAll(Teardown.stop(entries, grace, progress));
        try {
            Files.deleteIfExists(stateDir.resolve(PidsFile.NAME));
        } catch (IOException e) {
            throw new StackException("could not delete " + stateDir.resolve(PidsFile.NAME) + ": " + e.getMessage(), e);
        }
        return report;
    }

    public String gatewayUrl() {
        return "http://localhost:" + config.port(Service.GATEWAY);
    }

    public String serviceUrl(Service service) {
        return "http://localhost:" + config.port(service);
    }

    public String adminToken() {
        return config.adminToken();
    }

    public String auditorToken() {
        return config.auditorToken();
    }

    public Path runDir() {
        return runDir;
    }

    public Path pidsFile() {
        return pids.path();
    }

    /** The ONSALE_* endpoints of the engines, as given to the services. */
    public Map<String, String> engineEnvironment() {
        return engineEnvironment;
    }

    /** Pid of every process of the stack (engines, postgres, redis-server, services), not the launcher's. */
    public Map<String, Long> pids() {
        var result = new LinkedHashMap<String, Long>();
        pids.entries().stream().filter(e -> !e.name().equals(Teardown.LAUNCHER))
                .forEach(e -> result.put(e.name(), e.pid()));
        return result;
    }

    /** Resident memory of every process of the stack together, in kB (PostgreSQL counted as its postmaster's tree). */
    public long rssKb() {
        long total = 0;
        for (long pid : pids().values()) {
            total += Processes.rssKb(pid);
        }
        long postmaster = pids().getOrDefault(Teardown.POSTGRES, -1L);
        for (ProcessHandle child : ProcessHandle.of(postmaster).map(p -> p.children().toList()).orElse(List.of())) {
            total += Processes.rssKb(child.pid());
        }
        return total;
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook itself is running or about to: it does the same
        }
        stopEverything();
    }

    private void stopEverything() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Teardown.stop(pids.entries(), config.stopGrace(), progress).forEach(line -> progress.accept("  " + line));
        pids.delete();
    }

    private static void preflight(StackConfig config) {
        List<String> problems = new ArrayList<>();
        for (Path jar : requiredJars(config)) {
            if (!Files.isRegularFile(jar)) {
                problems.add("missing " + config.repoRoot().relativize(jar) + " — build it with ./mvnw -B -q -DskipTests install");
            }
        }
        config.duplicatePorts().ifPresent(problems::add);
        if (PidsFile.read(config.stateDir()).stream().anyMatch(e -> e.live().isPresent())) {
            problems.add("a stack is already running (see " + config.stateDir().resolve(PidsFile.NAME) + ") — try ./onsale down");
        }
        if (problems.isEmpty()) {
            List<String> taken = Ports.taken(config.portsToCheck());
            taken.forEach(t -> problems.add(t + " — is another stack running? try ./onsale down"));
        }
        if (!problems.isEmpty()) {
            throw new StackException(String.join("\n", problems));
        }
    }

    static List<Path> requiredJars(StackConfig config) {
        List<Path> jars = new ArrayList<>();
        jars.add(enginesJar(config));
        for (Service service : Service.values()) {
            jars.add(serviceJar(config, service));
        }
        return jars;
    }

    static Path enginesJar(StackConfig config) {
        return config.repoRoot().resolve("embedded-engines/target/embedded-engines-" + config.version() + "-exec.jar");
    }

    static Path serviceJar(StackConfig config, Service service) {
        return config.repoRoot().resolve(service.module() + "/target/" + service.module() + "-" + config.version() + ".jar");
    }

    private static Path newRunDir(Path stateDir) {
        String name = LocalDateTime.now().format(RUN_NAME);
        Path dir = stateDir.resolve("runs").resolve(name);
        for (int n = 2; Files.exists(dir); n++) {
            dir = stateDir.resolve("runs").resolve(name + "-" + n);
        }
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new StackException("could not create the run directory " + dir + ": " + e.getMessage(), e);
        }
    }

    private void startEngines() {
        long started = System.nanoTime();
        Path ready = runDir.resolve("engines.ready");
        Path log = runDir.resolve("engines.log");
        List<String> command = new ArrayList<>();
        command.add(config.java().toString());
        command.addAll(config.enginesJvmOptions());
        command.addAll(List.of("-jar", enginesJar(config).toString(),
                "--kafka-port=" + config.kafkaPort(), "--postgres-port=" + config.postgresPort(),
                "--redis-port=" + config.redisPort(), "--work-dir=" + runDir.resolve("engines"),
                "--ready-file=" + ready));
        Process engines = launch(Teardown.ENGINES, command, Map.of(), log);
        long deadline = System.nanoTime() + config.enginesTimeout().toNanos();
        while (!Files.isRegularFile(ready)) {
            if (!engines.isAlive()) {
                throw died("the engines", engines, log);
            }
            if (System.nanoTime() > deadline) {
                throw new StackException("the engines were not ready within " + config.enginesTimeout().toSeconds()
                        + " s; last lines of " + log + ":\n" + Processes.tail(log, TAIL_LINES));
            }
            pause();
        }
        var properties = new Properties();
        try (Reader reader = Files.newBufferedReader(ready, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new StackException("could not read " + ready + ": " + e.getMessage(), e);
        }
        recordEnginePid(Teardown.POSTGRES, properties.getProperty("postgresPid"));
        recordEnginePid(Teardown.REDIS, properties.getProperty("redisPid"));
        var env = new LinkedHashMap<String, String>();
        for (String name : List.of("ONSALE_KAFKA_BOOTSTRAP", "ONSALE_DB_URL", "ONSALE_DB_USER", "ONSALE_DB_PASSWORD",
                "ONSALE_REDIS_URL")) {
            env.put(name, properties.getProperty(name, ""));
        }
        engineEnvironment = Map.copyOf(env);
        progress.accept("engines ready in " + seconds(started) + " s: kafka " + env.get("ONSALE_KAFKA_BOOTSTRAP")
                + ", postgres " + env.get("ONSALE_DB_URL") + ", redis " + env.get("ONSALE_REDIS_URL"));
    }

    private void recordEnginePid(String name, String pid) {
        try {
            ProcessHandle.of(Long.parseLong(pid == null ? "-1" : pid.trim()))
                    .ifPresent(p -> pids.record(PidsFile.Entry.of(name, p)));
        } catch (NumberFormatException ignored) {
            // the engines did not know it; their own shutdown still stops the process
        }
    }

    private void startServices() {
        for (Service service : Service.values()) {
            var env = new LinkedHashMap<>(engineEnvironment);
            env.put("SERVER_PORT", String.valueOf(config.port(service)));
            if (service == Service.GATEWAY) {
                for (Service backend : Service.values()) {
                    if (backend.urlVariable() != null) {
                        env.put(backend.urlVariable(), serviceUrl(backend));
                    }
                }
                env.put("ONSALE_ADMIN_TOKEN", config.adminToken());
                env.put("ONSALE_AUDITOR_TOKEN", config.auditorToken());
                env.put("ONSALE_SESSION_KEY", config.sessionKey());
            }
            List<String> command = new ArrayList<>();
            command.add(config.java().toString());
            command.addAll(config.serviceJvmOptions());
            command.addAll(List.of("-jar", serviceJar(config, service).toString()));
            services.put(service, launch(service.module(), command, env, runDir.resolve(service.module() + ".log")));
        }
    }

    private Process launch(String name, List<String> command, Map<String, String> env, Path log) {
        var builder = new ProcessBuilder(command).directory(runDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(env);
        try {
            Process process = builder.start();
            pids.record(PidsFile.Entry.of(name, process.toHandle()));
            return process;
        } catch (IOException e) {
            throw new StackException("could not start " + name + " (" + command.getFirst() + "): " + e.getMessage(), e);
        }
    }

    private void awaitReadiness(long stackStarted) {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        var pending = new LinkedHashSet<>(services.keySet());
        long deadline = System.nanoTime() + config.readinessTimeout().toNanos();
        while (!pending.isEmpty()) {
            for (Service service : List.copyOf(pending)) {
                Process process = services.get(service);
                if (!process.isAlive()) {
                    throw died(service.module(), process, runDir.resolve(service.module() + ".log"));
                }
                if (ready(http, service)) {
                    pending.remove(service);
                    progress.accept(service.module() + " ready on port " + config.port(service) + " after "
                            + seconds(stackStarted) + " s");
                }
            }
            if (!pending.isEmpty() && System.nanoTime() > deadline) {
                var message = new StringBuilder("not ready within " + config.readinessTimeout().toSeconds() + " s:");
                for (Service service : pending) {
                    Path log = runDir.resolve(service.module() + ".log");
                    message.append("\n== ").append(service.module()).append(" (http://localhost:")
                            .append(config.port(service)).append("/actuator/health/readiness), last lines of ")
                            .append(log).append(":\n").append(Processes.tail(log, 15));
                }
                throw new StackException(message.toString());
            }
            if (!pending.isEmpty()) {
                pause();
            }
        }
    }

    private boolean ready(HttpClient http, Service service) {
        var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + config.port(service)
                + "/actuator/health/readiness")).timeout(Duration.ofSeconds(2)).GET().build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("interrupted while waiting for " + service.module());
        }
    }

    private static StackException died(String what, Process process, Path log) {
        return new StackException(what + " exited with code " + process.exitValue() + " during start-up; last lines of "
                + log + ":\n" + Processes.tail(log, TAIL_LINES));
    }

    private static void pause() {
        try {
            Thread.sleep(POLL);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("interrupted while starting the stack");
        }
    }

    private static String seconds(long sinceNanos) {
        return String.format(java.util.Locale.ROOT, "%.1f", (System.nanoTime() - sinceNanos) / 1e9);
    }
}
