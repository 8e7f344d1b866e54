package dev.onsale.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything needed to start a stack, in four parts: where its files are ({@link StackLayout}), where its
 * processes listen ({@link StackPorts}), how they are run and waited for ({@link ProcessSettings}), and the tokens
 * and keys they share ({@link StackSecrets}). {@link #defaults} and {@link #parse} build one as {@code ./onsale up}
 * does; each {@code with...} returns a copy with one setting changed; the accessors of single settings (e.g.
 * {@link #port}, {@link #sessionKey()}) read through to the part that holds them.
 *
 * @param layout    the jars to run and the state directory
 * @param ports     every process's ports, and the gateway's address
 * @param processes java, JVM options, the services' extra environment, timeouts
 * @param secrets   operators' and auditors' tokens, and the HMAC keys
 */
public record StackConfig(StackLayout layout, StackPorts ports, ProcessSettings processes, StackSecrets secrets) {

    public StackConfig {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(ports, "ports");
        Objects.requireNonNull(processes, "processes");
        Objects.requireNonNull(secrets, "secrets");
    }

    /**
     * The documented local defaults; tokens, session, admission and identity key from {@code env} when set there
     * (each key random per stack otherwise).
     */
    public static StackConfig defaults(Path repoRoot, Map<String, String> env) {
        return new StackConfig(
                StackLayout.of(repoRoot),
                StackPorts.defaults(),
                ProcessSettings.defaults(),
                StackSecrets.fromEnvironment(env));
    }

    /** Applies {@code up}'s options to {@code base} (see {@link UpOptions#apply}). */
    public static StackConfig parse(StackConfig base, List<String> args) {
        return UpOptions.apply(base, args);
    }

    public StackConfig withLayout(StackLayout layout) {
        return new StackConfig(layout, ports, processes, secrets);
    }

    public StackConfig withPorts(StackPorts ports) {
        return new StackConfig(layout, ports, processes, secrets);
    }

    public StackConfig withProcesses(ProcessSettings processes) {
        return new StackConfig(layout, ports, processes, secrets);
    }

    public StackConfig withSecrets(StackSecrets secrets) {
        return new StackConfig(layout, ports, processes, secrets);
    }

    /** The same configuration with every port free at this moment (engines pick their own). */
    public StackConfig withFreePorts() {
        return withPorts(ports.withFreePorts());
    }

    public StackConfig withEnginePorts(int kafka, int postgres, int redis) {
        return withPorts(ports.withEnginePorts(kafka, postgres, redis));
    }

    public StackConfig withServicePorts(Map<Service, Integer> servicePorts) {
        return withPorts(ports.withServicePorts(servicePorts));
    }

    public StackConfig withManagementPorts(Map<Service, Integer> managementPorts) {
        return withPorts(ports.withManagementPorts(managementPorts));
    }

    /** The same configuration with the gateway listening on {@code address} ({@code 0.0.0.0}: every interface). */
    public StackConfig withGatewayAddress(String address) {
        return withPorts(ports.withGatewayAddress(address));
    }

    public StackConfig withStateDir(Path dir) {
        return withLayout(layout.withStateDir(dir));
    }

    /** The same configuration with the engines in {@code shape}. */
    public StackConfig withEngineShape(EngineShape shape) {
        return withProcesses(processes.withEngineShape(shape));
    }

    public EngineShape engineShape() {
        return processes.engineShape();
    }

    /** The same configuration with {@code count} processes of each service behind the gateway. */
    public StackConfig withReplicas(int count) {
        return withProcesses(processes.withReplicas(count));
    }

    public int replicas() {
        return processes.replicas();
    }

    public StackConfig withReadinessTimeout(Duration timeout) {
        return withProcesses(processes.withReadinessTimeout(timeout));
    }

    public StackConfig withServiceJvmOptions(List<String> options) {
        return withProcesses(processes.withServiceJvmOptions(options));
    }

    /** The same configuration with these JVM options for the gateway. */
    public StackConfig withGatewayJvmOptions(List<String> options) {
        return withProcesses(processes.withGatewayJvmOptions(options));
    }

    /** The same configuration giving every service process these environment variables as well. */
    public StackConfig withServiceEnvironment(Map<String, String> environment) {
        return withProcesses(processes.withServiceEnvironment(environment));
    }

    public Path repoRoot() {
        return layout.repoRoot();
    }

    public Path stateDir() {
        return layout.stateDir();
    }

    public String version() {
        return layout.version();
    }

    public int kafkaPort() {
        return ports.kafkaPort();
    }

    public int postgresPort() {
        return ports.postgresPort();
    }

    public int redisPort() {
        return ports.redisPort();
    }

    public Map<Service, Integer> servicePorts() {
        return ports.servicePorts();
    }

    public Map<Service, Integer> managementPorts() {
        return ports.managementPorts();
    }

    public String gatewayAddress() {
        return ports.gatewayAddress();
    }

    public int port(Service service) {
        return ports.port(service);
    }

    public int managementPort(Service service) {
        return ports.managementPort(service);
    }

    /** The address {@code service} listens on (see {@link StackPorts#address}). */
    public String address(Service service) {
        return ports.address(service);
    }

    public Path java() {
        return processes.java();
    }

    public List<String> serviceJvmOptions() {
        return processes.serviceJvmOptions();
    }

    public List<String> gatewayJvmOptions() {
        return processes.gatewayJvmOptions();
    }

    public List<String> enginesJvmOptions() {
        return processes.enginesJvmOptions();
    }

    /** The JVM options of {@code service}'s process. */
    public List<String> jvmOptionsOf(Service service) {
        return processes.jvmOptionsOf(service);
    }

    public Duration enginesTimeout() {
        return processes.enginesTimeout();
    }

    public Duration readinessTimeout() {
        return processes.readinessTimeout();
    }

    public Duration stopGrace() {
        return processes.stopGrace();
    }

    public Map<String, String> serviceEnvironment() {
        return processes.serviceEnvironment();
    }

    public String adminToken() {
        return secrets.adminToken();
    }

    public String auditorToken() {
        return secrets.auditorToken();
    }

    public String sessionKey() {
        return secrets.sessionKey();
    }

    public String admissionKey() {
        return secrets.admissionKey();
    }

    public String identityKey() {
        return secrets.identityKey();
    }
}
