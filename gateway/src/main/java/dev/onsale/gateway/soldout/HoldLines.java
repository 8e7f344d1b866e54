package dev.onsale.gateway.soldout;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Each event's holds on their way to inventory-service from this replica: at most {@code inFlight} at once, the others
 * waiting their turn in the order they came. A wait costs nothing but memory, and a hold whose turn comes after the
 * gate has said that nothing is free is answered at the edge instead of joining the crowd inside inventory-service.
 * A turn is given back when its work ends, fails or is cancelled (a buyer gone, the gateway's deadline); a hold
 * cancelled while it waits leaves the line.
 */
final class HoldLines {

    private final int inFlight;
    private final Scheduler handOver;
    private final Map<UUID, Line> lines = new ConcurrentHashMap<>();

    HoldLines(int inFlight) {
        this(inFlight, Schedulers.parallel());
    }

    HoldLines(int inFlight, Scheduler handOver) {
        if (inFlight < 1) {
            throw new IllegalArgumentException("inFlight must be at least 1");
        }
        this.inFlight = inFlight;
        this.handOver = handOver;
    }

    /** {@code work}, run at the hold's turn among the event's. */
    Mono<Void> inTurn(UUID eventId, Supplier<Mono<Void>> work) {
        Line line = lines.computeIfAbsent(eventId, id -> new Line());
        AtomicBoolean holding = new AtomicBoolean();
        return line.turn(holding).then(Mono.defer(work)).doFinally(signal -> {
            if (holding.getAndSet(false)) {
                line.giveBack();
            }
        });
    }

    /** How many holds of all events wait their turn now. */
    int waiting() {
        int waiting = 0;
        for (Line line : lines.values()) {
            synchronized (line) {
                waiting += line.waiting.size();
            }
        }
        return waiting;
    }

    /** How many of the event's holds are on their way, and how many wait. */
    int[] state(UUID eventId) {
        Line line = lines.get(eventId);
        if (line == null) {
            return new int[] {0, 0};
        }
        synchronized (line) {
            return new int[] {line.busy, line.waiting.size()};
        }
    }

    private record Turn(MonoSink<Void> sink, AtomicBoolean holding) {}

    private final class Line {

        private int busy;
        private final ArrayDeque<Turn> waiting = new ArrayDeque<>();

        Mono<Void> turn(AtomicBoolean holding) {
            return Mono.create(sink -> {
                Turn turn = new Turn(sink, holding);
                sink.onCancel(() -> {
                    synchronized (this) {
                        waiting.remove(turn);
                    }
                });
                boolean now;
                synchronized (this) {
                    now = busy < inFlight;
                    if (now) {
                        busy++;
                        holding.set(true);
                    } else {
                        waiting.add(turn);
                    }
                }
                if (now) {
                    sink.success();
                }
            });
        }

        /** The turn passes to the first hold waiting, on another thread (a line of answers must not nest). */
        void giveBack() {
            Turn next;
            synchronized (this) {
                next = waiting.poll();
                if (next == null) {
                    busy--;
                } else {
                    next.holding().set(true);
                }
            }
            if (next != null) {
                handOver.schedule(next.sink()::success);
            }
        }
    }
}
