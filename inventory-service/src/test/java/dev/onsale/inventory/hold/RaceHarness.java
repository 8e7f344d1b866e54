package dev.onsale.inventory.hold;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;

/**
 * Many buyers at once on one event, each on its own virtual thread, all released by one latch: half
 * choose a seat among the first {@code hotSeats}, half ask for a quantity of 1 or 2.
 */
final class RaceHarness {

    /** One attempt's outcome as the implementation under test reports it. */
    record Outcome(boolean passed, UUID orderId, int quantity, List<String> seats, Long availableAfter) {

        static Outcome refused() {
            return new Outcome(false, null, 0, List.of(), null);
        }
    }

    interface Attempt {
        Outcome place(HoldRequest request) throws Exception;
    }

    private RaceHarness() {}

    static List<HoldRequest> requests(UUID eventId, int attempts, List<String> seats, int hotSeats, long seed) {
        Random random = new Random(seed);
        List<HoldRequest> requests = new ArrayList<>(attempts);
        for (int i = 0; i < attempts; i++) {
            UUID session = UUID.randomUUID();
            requests.add(
                    i % 2 == 0
                            ? HoldRequest.ofSeats(eventId, session, List.of(seats.get(random.nextInt(hotSeats))), null)
                            : HoldRequest.ofQuantity(eventId, session, 1 + random.nextInt(2), null));
        }
        return requests;
    }

    /** Runs every request concurrently, at most {@code inFlight} at a time, and returns the outcomes in order. */
    static List<Outcome> run(List<HoldRequest> requests, int inFlight, Attempt attempt) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        Semaphore slots = new Semaphore(inFlight);
        List<Future<Outcome>> futures = new ArrayList<>(requests.size());
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (HoldRequest request : requests) {
                futures.add(threads.submit(() -> {
                    start.await();
                    slots.acquire();
                    try {
                        return attempt.place(request);
                    } finally {
                        slots.release();
                    }
                }));
            }
            start.countDown();
            List<Outcome> outcomes = new ArrayList<>(requests.size());
            for (Future<Outcome> future : futures) {
                outcomes.add(future.get());
            }
            return outcomes;
        }
    }

    static int seatsTaken(List<Outcome> outcomes) {
        return outcomes.stream()
                .filter(Outcome::passed)
                .mapToInt(Outcome::quantity)
                .sum();
    }
}
