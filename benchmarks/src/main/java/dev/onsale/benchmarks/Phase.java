package dev.onsale.benchmarks;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs {@code actors} virtual threads, all released at once by one latch (so they really race), each
 * performing its operation {@code repeats} times in a row, and records every operation's latency and
 * outcome. A paced phase instead starts actor {@code i} at slot {@code i} of a {@link Pacer}.
 */
final class Phase {

    @FunctionalInterface
    interface Action {
        /** Performs actor {@code i}'s operation once and returns its outcome (an HTTP status, an error name). */
        String run(int i) throws Exception;
    }

    private Phase() {}

    static Latencies run(String name, int actors, Action action) throws InterruptedException {
        return run(name, actors, 1, 0, action);
    }

    static Latencies run(String name, int actors, int repeats, Action action) throws InterruptedException {
        return run(name, actors, repeats, 0, action);
    }

    /** Actor {@code i} performs its operation once, at {@code i / perSecond} seconds after the release; latencies count from then. */
    static Latencies paced(String name, int actors, double perSecond, Action action) throws InterruptedException {
        return run(name, actors, 1, perSecond, action);
    }

    /** {@code perSecond} 0: every actor starts at the release. */
    private static Latencies run(String name, int actors, int repeats, double perSecond, Action action)
            throws InterruptedException {
        Latencies latencies = new Latencies(name, actors * repeats);
        CountDownLatch start = new CountDownLatch(1);
        AtomicLong released = new AtomicLong();
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < actors; i++) {
                int index = i;
                threads.submit(() -> {
                    start.await();
                    if (perSecond > 0) {
                        new Pacer(perSecond, released.get()).awaitSlot(index);
                    }
                    for (int r = 0; r < repeats; r++) {
                        long t0 = System.nanoTime();
                        String outcome;
                        try {
                            outcome = action.run(index);
                        } catch (Exception e) {
                            outcome = e.getClass().getSimpleName();
                        }
                        latencies.record(System.nanoTime() - t0, outcome);
                    }
                    return null;
                });
            }
            released.set(System.nanoTime());
            start.countDown();
            threads.shutdown();
            if (!threads.awaitTermination(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException(name + " did not finish within 10 minutes");
            }
        }
        latencies.wall(System.nanoTime() - released.get());
        return latencies;
    }
}
