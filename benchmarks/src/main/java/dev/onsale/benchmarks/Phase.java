package dev.onsale.benchmarks;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code actors} virtual threads, all released at once by one latch (so they really race), each
 * performing its operation {@code repeats} times in a row, and records every operation's latency and
 * outcome.
 */
final class Phase {

    @FunctionalInterface
    interface Action {
        /** Performs actor {@code i}'s operation once and returns its outcome (an HTTP status, an error name). */
        String run(int i) throws Exception;
    }

    private Phase() {
    }

    static Latencies run(String name, int actors, Action action) throws InterruptedException {
        return run(name, actors, 1, action);
    }

    static Latencies run(String name, int actors, int repeats, Action action) throws InterruptedException {
        Latencies latencies = new Latencies(name, actors * repeats);
        CountDownLatch start = new CountDownLatch(1);
        long began;
        try (var threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < actors; i++) {
                int index = i;
                threads.submit(() -> {
                    start.await();
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
            began = System.nanoTime();
            start.countDown();
            threads.shutdown();
            if (!threads.awaitTermination(10, TimeUnit.MINUTES)) {
                throw new IllegalStateException(name + " did not finish within 10 minutes");
            }
        }
        latencies.wall(System.nanoTime() - began);
        return latencies;
    }
}
