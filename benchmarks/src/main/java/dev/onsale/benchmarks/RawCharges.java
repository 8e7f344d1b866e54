package dev.onsale.benchmarks;

import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.IntStream;
import tools.jackson.databind.node.ObjectNode;

/**
 * The payments benchmark's raw engine: as many charges as the system pays, straight at the sandbox, one per slot
 * at exactly its TPS (a 5xx or 429 goes back in line with the same Idempotency-Key; a timeout is not retried,
 * since the sandbox hangs only after creating the charge), while the ledger is polled until every order shows
 * SUCCEEDED. Webhooks are dropped (loss share 1): nothing but the sandbox takes part.
 */
final class RawCharges {

    private static final int ATTEMPTS = 5;
    /** Longer than the sandbox's latency tail, shorter than its hang: a raw charge timing out was created. */
    private static final Duration CHARGE_TIMEOUT = Duration.ofSeconds(5);

    private static final Duration LEDGER_POLL = Duration.ofMillis(100);

    /** The answers to the charges, when the last showed SUCCEEDED (-1: not in time), what the sandbox saw. */
    record Result(Latencies answers, long settleNanos, SandboxLedger ledger, SandboxTraffic traffic) {}

    private final SandboxClient sandbox;
    private final int charges;
    private final int tps;
    private final Duration settleTimeout;

    /** {@code charges} charges at {@code tps}, all to show SUCCEEDED within {@code settleTimeout}. */
    RawCharges(SandboxClient sandbox, int charges, int tps, Duration settleTimeout) {
        this.sandbox = sandbox;
        this.charges = charges;
        this.tps = tps;
        this.settleTimeout = settleTimeout;
    }

    /**
     * Resets the sandbox, applies {@code load} with webhooks dropped, and charges {@code amountCents} in
     * {@code currency} with {@code card} for each of as many new orders.
     */
    Result run(ObjectNode load, long amountCents, String currency, String card) throws Exception {
        sandbox.reset();
        ObjectNode quiet = load.deepCopy();
        quiet.put("webhookLossShare", 1.0);
        sandbox.putSettings(quiet);
        UUID[] orders =
                IntStream.range(0, charges).mapToObj(i -> UUID.randomUUID()).toArray(UUID[]::new);
        String[] keys = IntStream.range(0, charges)
                .mapToObj(i -> UUID.randomUUID().toString())
                .toArray(String[]::new);
        Set<UUID> ours = Set.of(orders);
        System.out.printf("raw engine: %d charges straight at the sandbox, paced at %d/s%n", charges, tps);

        Latencies answers = new Latencies("raw POST /v1/charges (paced)", charges * ATTEMPTS);
        BlockingQueue<Integer> due =
                new LinkedBlockingQueue<>(IntStream.range(0, charges).boxed().toList());
        AtomicIntegerArray attempts = new AtomicIntegerArray(charges);
        AtomicInteger open = new AtomicInteger(charges);
        long began = System.nanoTime();
        long deadline = began + settleTimeout.toNanos();
        try (ExecutorService watcher = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Long> allSucceeded = watcher.submit(() -> awaitSucceeded(ours, deadline));
            Pacer pacer = new Pacer(tps, began);
            for (long slot = 0; open.get() > 0 && System.nanoTime() < deadline; slot++) {
                pacer.awaitSlot(slot);
                Integer i = due.poll();
                if (i == null) {
                    continue;
                }
                long t0 = System.nanoTime();
                sandbox.charge(keys[i], orders[i], amountCents, currency, card, CHARGE_TIMEOUT)
                        .whenComplete((response, error) -> {
                            Throwable cause = error instanceof CompletionException ? error.getCause() : error;
                            boolean timedOut = cause instanceof HttpTimeoutException;
                            answers.record(
                                    System.nanoTime() - t0,
                                    cause == null
                                            ? Integer.toString(response.statusCode())
                                            : timedOut
                                                    ? "timeout"
                                                    : cause.getClass().getSimpleName());
                            boolean again = cause == null
                                    ? response.statusCode() == 429 || response.statusCode() >= 500
                                    : !timedOut;
                            if (again && attempts.incrementAndGet(i) < ATTEMPTS) {
                                due.add(i);
                            } else {
                                open.decrementAndGet();
                            }
                        });
            }
            answers.wall(System.nanoTime() - began);
            long seen = allSucceeded.get();
            return new Result(
                    answers, seen < 0 ? -1 : seen - began, SandboxLedger.of(sandbox.ledger(), ours), sandbox.traffic());
        }
    }

    /** When the ledger first showed a SUCCEEDED charge for every one of {@code orders}; -1 if not by {@code deadline}. */
    private long awaitSucceeded(Set<UUID> orders, long deadline) throws Exception {
        while (System.nanoTime() < deadline) {
            if (SandboxLedger.of(sandbox.ledger(), orders).ordersSucceeded() == orders.size()) {
                return System.nanoTime();
            }
            Thread.sleep(LEDGER_POLL);
        }
        return -1;
    }
}
