package dev.onsale.launcher;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * {@code up}: starts the local stack and keeps it running until Ctrl-C / SIGTERM; {@code down}: stops a stack
 * whose launcher is gone; {@code help}. Run from the repository root (the {@code onsale} script does that).
 * Exit codes: 0 success, 1 the stack could not start or stop, 2 bad arguments.
 */
public final class OnsaleLauncher {

    private OnsaleLauncher() {}

    public static void main(String[] args) {
        System.exit(run(Arrays.asList(args), Path.of("").toAbsolutePath(), System.getenv(), System.out, System.err));
    }

    static int run(List<String> args, Path repoRoot, Map<String, String> env, PrintStream out, PrintStream err) {
        String command = args.isEmpty() ? "help" : args.getFirst();
        List<String> options = args.isEmpty() ? List.of() : args.subList(1, args.size());
        StackConfig config;
        try {
            config = StackConfig.parse(StackConfig.defaults(repoRoot, env), options);
        } catch (IllegalArgumentException e) {
            err.println("onsale: " + e.getMessage());
            return 2;
        }
        return switch (command) {
            case "up" -> up(config, out, err);
            case "down" -> down(config, out, err);
            case "help", "--help", "-h" -> {
                out.print(usage());
                yield 0;
            }
            default -> {
                err.println("onsale: unknown command '" + command + "'");
                err.print(usage());
                yield 2;
            }
        };
    }

    private static int up(StackConfig config, PrintStream out, PrintStream err) {
        Stack stack;
        try {
            stack = Stack.start(config, out::println);
        } catch (StackException e) {
            err.println("onsale: the stack did not start:\n" + e.getMessage());
            return 1;
        }
        out.printf(
                """

                Onsale is up.
                  gateway        %s%s
                  admin token    %s
                  auditor token  %s
                  logs           %s
                  memory (RSS)   %d MB
                Press Ctrl-C to stop (or run ./onsale down from another terminal).
                %n""",
                stack.gatewayUrl(),
                config.gatewayAddress().equals(StackPorts.LOOPBACK)
                        ? "   (this machine only; --gateway-address=0.0.0.0 opens it to other hosts)"
                        : "   (listening on " + config.gatewayAddress() + ": reachable from other hosts)",
                stack.adminToken(),
                stack.auditorToken(),
                stack.runDir(),
                stack.rssKb() / 1024);
        stack.watch(line -> err.println("onsale: " + line));
        Thread control = stack.obeyFaults(line -> out.println("onsale: " + line));
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        control.interrupt();
        stack.close();
        return 0;
    }

    private static int down(StackConfig config, PrintStream out, PrintStream err) {
        try {
            List<String> stopped = Stack.down(config.stateDir(), config.stopGrace(), out::println);
            if (stopped.isEmpty()) {
                out.println("nothing was running");
            } else {
                stopped.forEach(line -> out.println("  " + line));
            }
            return 0;
        } catch (StackException e) {
            err.println("onsale: " + e.getMessage());
            return 1;
        }
    }

    static String usage() {
        return """
                Usage: ./onsale <command> [options]

                  up     build what is missing, start the engines and every service, wait until all are ready
                  down   stop a stack that is still running (e.g. after its terminal was closed)
                  test   build and run every test (./mvnw -B verify)
                  help   this text

                Options of up (defaults in brackets):
                  --gateway-port=N [8080] --queue-port=N [8081] --inventory-port=N [8082]
                  --booking-port=N [8083] --payment-port=N [8084] --sandbox-port=N [8090] (payment-sandbox)
                  --kafka-port=N [19092] --postgres-port=N [15432] --redis-port=N [16379]  (0 = any free port)
                  --kafka-brokers=K [1]     K KRaft brokers, every topic replicated on min(3, K) of them
                  --redis-cluster=M [0]     a Redis Cluster of M masters on free ports instead of one redis-server
                                            (every service and the gateway then use a cluster client)
                  --replicas=N [1]          N processes of each of queue, inventory, booking and payment (the
                                            first on its port, the others on free ones); the gateway balances
                                            across them (one gateway, one payment-sandbox)
                  --<gateway|queue|inventory|booking|payment|sandbox>-management-port=N [18080 18081 18082 18083
                                            18084 18090]  actuator (health, metrics) of each process, loopback only
                  --gateway-address=IP [127.0.0.1]  where the gateway listens; 0.0.0.0 opens it, and only it, to
                                            other hosts (every service, the sandbox and the engines stay on loopback)
                  --timeout=SECONDS [180]   how long the services may take to become ready
                  --jvm-opts="..."          JVM options of each service process but the gateway (by default
                                            C1 only, a faster start, but for queue and inventory: the full
                                            JIT, 768 MB and the parallel collector, as every buyer's burst
                                            reaches them)
                  --gateway-jvm-opts="..."  JVM options of the gateway (the full JIT, a 1 GB heap and the
                                            parallel collector by default: it carries every request and
                                            connection, at less than half the CPU once warm)
                  --state-dir=PATH [.onsale] where stack.pids and runs/<time>/ (logs) live
                Environment: ONSALE_ADMIN_TOKEN [local-admin-token], ONSALE_AUDITOR_TOKEN [local-auditor-token],
                  ONSALE_SESSION_KEY [random per run], ONSALE_ADMISSION_KEY [random per run; gateway and queue-service],
                  ONSALE_IDENTITY_KEY [random per run; the gateway signs forwarded identities, the services verify],
                  ONSALE_WARMUP_BUYERS [2500; synthetic buyers the gateway walks through its hot paths before it
                  reports ready, at most a minute; 0 skips the warm-up for a faster start].
                """;
    }
}
