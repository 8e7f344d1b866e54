package dev.onsale.gateway.soldout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

class HoldLinesTest {

    private static final UUID EVENT = UUID.randomUUID();

    @Test
    void fiveThousandHoldsAtOnceNeverHaveMoreThanTheirTurnsOnTheirWayAndAllEnd() {
        HoldLines lines = new HoldLines(16);
        AtomicInteger running = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();

        List<Mono<Void>> holds = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            holds.add(lines.inTurn(EVENT, () -> {
                most.accumulateAndGet(running.incrementAndGet(), Math::max);
                return Mono.delay(Duration.ofMillis(ThreadLocalRandom.current().nextInt(3)))
                        // before the end is passed on, so before the turn is: doFinally would count the next one first
                        .doOnTerminate(running::decrementAndGet)
                        .then();
            }));
        }
        Mono.when(holds.stream()
                        .map(hold -> hold.doOnSuccess(ignored -> done.incrementAndGet()))
                        .toList())
                .block(Duration.ofSeconds(60));

        assertThat(done.get()).isEqualTo(5_000);
        assertThat(most.get()).isEqualTo(16);
        // the last turns are given back just after their holds ended (doFinally), so a moment after block() returns
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(lines.state(EVENT)).containsExactly(0, 0));
    }

    @Test
    void holdsTakeTheirTurnsInTheOrderTheyCame() {
        HoldLines lines = new HoldLines(1);
        Sinks.Empty<Void> first = Sinks.empty();
        ConcurrentLinkedQueue<Integer> order = new ConcurrentLinkedQueue<>();
        List<Disposable> waiting = new ArrayList<>();
        waiting.add(lines.inTurn(EVENT, first::asMono).subscribe());
        for (int i = 0; i < 100; i++) {
            int number = i;
            waiting.add(lines.inTurn(EVENT, () -> Mono.fromRunnable(() -> order.add(number)))
                    .subscribe());
        }
        assertThat(lines.state(EVENT)).containsExactly(1, 100);
        lines.inTurn(UUID.randomUUID(), Mono::never).subscribe();
        assertThat(lines.waiting()).as("every event's, for the gauge").isEqualTo(100);

        first.tryEmitEmpty();

        await().atMost(Duration.ofSeconds(10)).until(() -> order.size() == 100);
        assertThat(List.copyOf(order)).isSorted();
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(lines.state(EVENT)).containsExactly(0, 0));
    }

    @Test
    void holdsCancelledWhileTheyWaitOrWhileOnTheirWayGiveTheirTurnsBack() {
        HoldLines lines = new HoldLines(8);
        List<Disposable> holds = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            // never ends by itself: only a cancel ends it
            holds.add(lines.inTurn(EVENT, Mono::never).subscribe());
        }
        assertThat(lines.state(EVENT)).containsExactly(8, 1_992);

        holds.parallelStream().forEach(Disposable::dispose);

        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(lines.state(EVENT)).containsExactly(0, 0));
        Sinks.Empty<Void> after = Sinks.empty();
        lines.inTurn(EVENT, after::asMono).subscribe();
        assertThat(lines.state(EVENT)).as("a turn is free again").containsExactly(1, 0);
    }
}
