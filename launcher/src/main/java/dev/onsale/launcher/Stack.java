package dev.onsale.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A running local stack: the engines process and every service, each its own JVM with its own log in the run
 * directory. {@link #start} returns only when every service answers 200 on /actuator/health/readiness, and
 * leaves nothing running when it fails. {@link #close()} (also run by a shutdown hook) stops everything and
 * makes sure no postgres or redis-server survives. {@link #down} does the same for a stack whose launcher is gone.
 */
public final class Stack implements AutoCloseable {

    private static final int TAIL_LINES = 40;

    private static final Duration POLL = Duration.ofMillis(250);
    private static final Path SETSID = Path.of("/usr/bin/setsid");

    private final StackConfig config;
    private final Consumer<String> progress;
    private final Path runDir;
    private final PidsFile pids;
    private final List<Replica> replicas;
    private final Map<Replica, Process> services = new LinkedHashMap<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook;
    private Map<String, String> engineEnvironment = Map.of();
    /** Signs the payment sandbox's webhooks for payment-service: random per run, like a provider's test secret. */
    private final String webhookSecret = SessionKeys.random();

    private Stack(StackConfig config, Consumer<String> progress, Path runDir) {
        this.config = config;
        this.progress = progress;
        this.runDir = runDir;
        this.pids = new PidsFile(config.stateDir());
        this.replicas = Replica.of(config);
        this.shutdownHook = new Thread(this::stopEverything, "onsale-stack-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
        pids.record(PidsFile.Entry.of(Teardown.LAUNCHER, ProcessHandle.current()));
    }

    public static Stack start(StackConfig config) {
        return start(config, System.out::println);
    }

    /** Starts the whole stack or throws a {@link StackException} explaining why not, with nothing left running. */
    public static Stack start(StackConfig config, Consumer<String> progress) {
        Preflight.check(config);
        long started = System.nanoTime();
        var stack = new Stack(config, progress, RunDirectory.create(config.stateDir()));
        try {
            stack.startEngines();
            stack.startServices();
            new Readiness(config, stack.services, stack.runDir, progress).await(started);
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
        return Teardown.down(stateDir, grace, progress);
    }

    public String gatewayUrl() {
        return "http://localhost:" + config.port(Service.GATEWAY);
    }

    /** Where {@code service} answers, on loopback (every service but the gateway listens there only). */
    public String serviceUrl(Service service) {
        return loopbackUrl(service);
    }

    /** Where {@code service}'s actuator (health, metrics) answers, on loopback only. */
    public String managementUrl(Service service) {
        return "http://" + StackPorts.LOOPBACK + ":" + config.managementPort(service);
    }

    /** The key the gateway signs forwarded identities with, random per stack unless ONSALE_IDENTITY_KEY was set. */
    public String identityKey() {
        return config.identityKey();
    }

    private String loopbackUrl(Service service) {
        return "http://" + StackPorts.LOOPBACK + ":" + config.port(service);
    }

    public String adminToken() {
        return config.adminToken();
    }

    public String auditorToken() {
        return config.auditorToken();
    }

    /** The secret the sandbox signs its webhooks with and payment-service verifies them with, random per stack. */
    public String webhookSecret() {
        return webhookSecret;
    }

    public Path runDir() {
        return runDir;
    }

    /** Where faults are asked for while the stack runs: see {@link StackControl}. */
    public Path controlDir() {
        return config.stateDir().resolve(StackControl.DIRECTORY);
    }

    /**
     * Starts carrying out the faults asked for in {@link #controlDir()} (a rehearsal's chaos), clearing what an
     * earlier stack left there; returns the thread that watches, to interrupt when the stack closes.
     */
    public Thread obeyFaults(Consumer<String> progress) {
        return StackControl.of(this, progress).start();
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
        pids.entries().stream()
                .filter(e -> !e.name().equals(Teardown.LAUNCHER))
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
        for (ProcessHandle child :
                ProcessHandle.of(postmaster).map(p -> p.children().toList()).orElse(List.of())) {
            total += Processes.rssKb(child.pid());
        }
        return total;
    }

    /** Reports, through {@code listener}, every service or engines process that exits while the stack is not closing. */
    public void watch(Consumer<String> listener) {
        pids.entries().stream()
                .filter(e -> !e.name().equals(Teardown.LAUNCHER))
                .forEach(entry -> entry.live()
                        .ifPresent(process -> process.onExit().thenRun(() -> {
                            if (!closed.get()) {
                                listener.accept(
                                        entry.name() + " (pid " + entry.pid() + ") exited; see its log in " + runDir);
                            }
                        })));
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

    private void startEngines() {
        long started = System.nanoTime();
        Path ready = runDir.resolve("engines.ready");
        Path log = runDir.resolve("engines.log");
        List<String> command = new ArrayList<>();
        command.add(config.java().toString());
        command.addAll(config.enginesJvmOptions());
        command.addAll(List.of(
                "-jar",
                config.layout().enginesJar().toString(),
                "--kafka-port=" + config.kafkaPort(),
                "--postgres-port=" + config.postgresPort(),
                "--redis-port=" + config.redisPort(),
                "--work-dir=" + runDir.resolve("engines"),
                "--ready-file=" + ready));
        command.addAll(config.engineShape().enginesArguments());
        // the services bind their ports only once the engines are up: a Redis Cluster node must not take one first
        command.add("--avoid-ports=" + Replica.portList(replicas));
        Process engines = launch(Teardown.ENGINES, command, Map.of(), log);
        long deadline = System.nanoTime() + config.enginesTimeout().toNanos();
        while (!Files.isRegularFile(ready)) {
            if (!engines.isAlive()) {
                throw died("the engines", engines, log);
            }
            if (System.nanoTime() > deadline) {
                throw new StackException("the engines were not ready within "
                        + config.enginesTimeout().toSeconds() + " s; last lines of " + log + ":\n"
                        + Processes.tail(log, TAIL_LINES));
            }
            pause();
        }
        EnginesReady endpoints = EnginesReady.read(ready);
        endpoints.enginePids().forEach(this::recordEnginePid);
        Map<String, String> env = endpoints.environment();
        engineEnvironment = env;
        progress.accept("engines ready in " + seconds(started) + " s: kafka " + env.get("ONSALE_KAFKA_BOOTSTRAP")
                + ", postgres " + env.get("ONSALE_DB_URL") + ", redis " + env.get("ONSALE_REDIS_URL"));
    }

    void recordEnginePid(String name, String pid) {
        try {
            ProcessHandle.of(Long.parseLong(pid == null ? "-1" : pid.trim()))
                    .ifPresent(p -> pids.record(PidsFile.Entry.of(name, p)));
        } catch (NumberFormatException ignored) {
            // the engines did not know it; their own shutdown still stops the process
        }
    }

    private void startServices() {
        for (Replica replica : replicas) {
            services.put(replica, launchService(replica));
        }
    }

    private Process launchService(Replica replica) {
        Service service = replica.service();
        var env = new LinkedHashMap<>(config.serviceEnvironment());
        env.putAll(engineEnvironment);
        env.put("SERVER_PORT", String.valueOf(replica.port()));
        env.put("SERVER_ADDRESS", config.address(service));
        // actuator (health, metrics) on a port of its own, on loopback whatever the API's address
        env.put("MANAGEMENT_SERVER_PORT", String.valueOf(replica.managementPort()));
        env.put("MANAGEMENT_SERVER_ADDRESS", StackPorts.LOOPBACK);
        if (service == Service.GATEWAY || service.behindGateway()) {
            env.put("ONSALE_IDENTITY_KEY", config.identityKey());
        }
        if (service == Service.GATEWAY) {
            for (Service backend : Service.values()) {
                if (backend.urlVariable() != null) {
                    // every replica, which the gateway balances across
                    env.put(backend.urlVariable(), String.join(",", serviceUrls(backend)));
                }
            }
            env.put("ONSALE_ADMIN_TOKEN", config.adminToken());
            env.put("ONSALE_AUDITOR_TOKEN", config.auditorToken());
            env.put("ONSALE_SESSION_KEY", config.sessionKey());
        }
        if (service == Service.GATEWAY || service == Service.QUEUE) {
            env.put("ONSALE_ADMISSION_KEY", config.admissionKey());
        }
        if (service == Service.PAYMENT) {
            env.put("ONSALE_PAYMENT_PROVIDER_URL", serviceUrl(Service.PAYMENT_SANDBOX));
            env.put("ONSALE_PAYMENT_WEBHOOK_SECRET", webhookSecret);
        }
        if (service == Service.PAYMENT_SANDBOX) {
            env.put("ONSALE_SANDBOX_WEBHOOK_URL", loopbackUrl(Service.GATEWAY) + "/webhooks/payments");
            env.put("ONSALE_SANDBOX_WEBHOOK_SECRET", webhookSecret);
        }
        List<String> command = new ArrayList<>();
        command.add(config.java().toString());
        command.addAll(config.jvmOptionsOf(service));
        command.addAll(List.of("-jar", config.layout().serviceJar(service).toString()));
        return launch(replica.name(), command, env, runDir.resolve(replica.name() + ".log"));
    }

    /**
     * Stops one service (SIGTERM, then SIGKILL after the grace period) and leaves the rest running: what an
     * operator's rolling restart or a crashed pod looks like to the others. With replicas, the first.
     */
    public synchronized void stop(Service service) {
        Replica first = replica(service, 1);
        Process process = services.get(first);
        if (process == null || !process.isAlive()) {
            return;
        }
        Processes.stop(List.of(process.toHandle()), config.stopGrace());
        progress.accept(first.name() + " stopped");
    }

    /** Kills one service (SIGKILL), as a crash, and starts it again; returns once it is ready. */
    public void crash(Service service) {
        crash(service, 1);
    }

    /** Kills replica {@code number} of {@code service} (SIGKILL) and starts it again; returns once it is ready. */
    public synchronized void crash(Service service, int number) {
        kill(service, number);
        start(service, number);
    }

    /** Kills replica {@code number} of {@code service} (SIGKILL), as a lost pod, and leaves it dead. */
    public synchronized void kill(Service service, int number) {
        Replica replica = replica(service, number);
        Process process = services.get(replica);
        if (process != null) {
            process.destroyForcibly();
            process.onExit().join();
        }
        progress.accept(replica.name() + " killed");
    }

    /** Starts a service stopped by {@link #stop(Service)} again and returns once it is ready. */
    public void start(Service service) {
        start(service, 1);
    }

    /** Starts replica {@code number} of {@code service}, stopped or killed, again; returns once it is ready. */
    public synchronized void start(Service service, int number) {
        Replica replica = replica(service, number);
        Process process = services.get(replica);
        if (process != null && process.isAlive()) {
            throw new StackException(replica.name() + " is already running");
        }
        long started = System.nanoTime();
        services.put(replica, launchService(replica));
        new Readiness(config, Map.of(replica, services.get(replica)), runDir, progress).await(started);
    }

    /** Where every replica of {@code service} answers, on loopback: one URL unless {@code --replicas} asked more. */
    public List<String> serviceUrls(Service service) {
        return replicas.stream()
                .filter(r -> r.service() == service)
                .map(Replica::url)
                .toList();
    }

    private Replica replica(Service service, int number) {
        return replicas.stream()
                .filter(r -> r.service() == service && r.number() == number)
                .findFirst()
                .orElseThrow(() -> new StackException(
                        service.module() + " has no replica " + number + " (--replicas=" + config.replicas() + ")"));
    }

    private Process launch(String name, List<String> command, Map<String, String> env, Path log) {
        List<String> full = new ArrayList<>();
        if (Files.isExecutable(SETSID)) {
            // a session of its own: Ctrl-C reaches the launcher only, which stops the processes in order
            full.add(SETSID.toString());
        }
        full.addAll(command);
        var builder = new ProcessBuilder(full)
                .directory(runDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        try {
            Process process = builder.start();
            pids.record(PidsFile.Entry.of(name, process.toHandle()));
            return process;
        } catch (IOException e) {
            throw new StackException("could not start " + name + " (" + command.getFirst() + "): " + e.getMessage(), e);
        }
    }

    static StackException died(String what, Process process, Path log) {
        return new StackException(what + " exited with code " + process.exitValue() + " during start-up; last lines of "
                + log + ":\n" + Processes.tail(log, TAIL_LINES));
    }

    static void pause() {
        try {
            Thread.sleep(POLL);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("interrupted while starting the stack");
        }
    }

    static String seconds(long sinceNanos) {
        return String.format(java.util.Locale.ROOT, "%.1f", (System.nanoTime() - sinceNanos) / 1e9);
    }
}
