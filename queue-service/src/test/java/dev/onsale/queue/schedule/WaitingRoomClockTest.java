package dev.onsale.queue.schedule;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.atLeast;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.onsale.queue.admission.AdmissionPump;
import dev.onsale.queue.admission.PumpStroke;
import dev.onsale.queue.catalog.KnownEvents;
import dev.onsale.queue.metrics.QueueMetrics;
import dev.onsale.queue.opening.Opening;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WaitingRoomClockTest {

    private final UUID open = UUID.randomUUID();
    private final UUID notYet = UUID.randomUUID();
    private final KnownEvents knownEvents = mock(KnownEvents.class);
    private final Opening opening = mock(Opening.class);
    private final AdmissionPump pump = mock(AdmissionPump.class);
    private final QueueMetrics metrics = mock(QueueMetrics.class);

    @Test
    void onceStartedItOpensAndPumpsEveryKnownEventEveryIntervalUntilStopped() {
        when(knownEvents.all()).thenReturn(List.of(open, notYet));
        when(opening.openIfDue(any(), any())).thenAnswer(call -> open.equals(call.getArgument(0)));
        when(pump.pump(open)).thenReturn(new PumpStroke(PumpStroke.Outcome.RATE, List.of(), 40, 10, 0));
        WaitingRoomClock clock = clock(true);

        clock.start();

        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> verify(pump, atLeast(3)).pump(open));
        verify(pump, never()).pump(notYet);
        verify(opening, atLeast(3)).openIfDue(any(), any());
        clock.stop();
        assertThat(clock.isRunning()).isFalse();
    }

    @Test
    void oneFailingEventDoesNotStopTheOthers() {
        UUID failing = UUID.randomUUID();
        when(knownEvents.all()).thenReturn(List.of(failing, open));
        when(opening.openIfDue(any(), any())).thenReturn(true);
        when(pump.pump(failing)).thenThrow(new IllegalStateException("broken"));
        when(pump.pump(open)).thenReturn(new PumpStroke(PumpStroke.Outcome.EMPTY, List.of(), 0, 0, 0));

        clock(false).tick();

        verify(pump).pump(open);
    }

    @Test
    void anEventWhoseLineWasEmptyRestsUntilSomeoneJoinsIt() {
        anOpenEventWhoseLineIsEmpty(3);
        WaitingRoomClock clock = clock(false, Duration.ofHours(1));

        clock.tick();
        clock.tick();
        clock.tick();
        verify(pump, times(1)).pump(open);
        verify(pump, times(2)).withBuyersWaiting(Set.of(open));

        when(pump.withBuyersWaiting(any())).thenReturn(Set.of(open));
        when(pump.pump(open))
                .thenReturn(new PumpStroke(PumpStroke.Outcome.ADMITTED, List.of(UUID.randomUUID()), 1, 4, 0));
        clock.tick();
        clock.tick();
        verify(pump, times(3)).pump(open);
    }

    @Test
    void aRestingEventIsStillStrokedEveryRestInterval() {
        anOpenEventWhoseLineIsEmpty(0);
        WaitingRoomClock clock = clock(false, Duration.ofSeconds(1));

        clock.tick();
        clock.tick();
        verify(pump, times(1)).pump(open);

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            clock.tick();
            verify(pump, times(2)).pump(open);
        });
    }

    @Test
    void anEventThatFailedIsStrokedAgainInTheNextRound() {
        when(knownEvents.all()).thenReturn(List.of(open));
        when(opening.openIfDue(any(), any())).thenReturn(true);
        when(pump.pump(open))
                .thenReturn(new PumpStroke(PumpStroke.Outcome.EMPTY, List.of(), 0, 0, 0))
                .thenThrow(new IllegalStateException("Redis away"))
                .thenReturn(new PumpStroke(PumpStroke.Outcome.EMPTY, List.of(), 0, 0, 0));
        when(pump.withBuyersWaiting(any())).thenReturn(Set.of(open), Set.of());
        WaitingRoomClock clock = clock(false, Duration.ofHours(1));

        clock.tick();
        clock.tick();
        clock.tick();

        verify(pump, times(3)).pump(open);
    }

    @Test
    void anEventAlreadyOpenIsPumpedWithoutCheckingItsOpeningAgain() {
        when(knownEvents.all()).thenReturn(List.of(open, notYet));
        when(opening.openAmong(any())).thenReturn(Set.of(open));
        when(opening.openIfDue(any(), any())).thenReturn(false);
        when(pump.pump(open)).thenReturn(new PumpStroke(PumpStroke.Outcome.RATE, List.of(), 40, 10, 0));

        clock(false).tick();

        verify(opening).openAmong(List.of(open, notYet));
        verify(opening, never()).openIfDue(eq(open), any());
        verify(opening).openIfDue(eq(notYet), any());
        verify(pump).pump(open);
        verify(pump, never()).pump(notYet);
    }

    @Test
    void aReplicaWithTheClockDisabledNeverTicks() {
        WaitingRoomClock clock = clock(false);

        clock.start();

        assertThat(clock.isRunning()).isFalse();
        verify(knownEvents, never()).all();
    }

    private void anOpenEventWhoseLineIsEmpty(long active) {
        when(knownEvents.all()).thenReturn(List.of(open));
        when(opening.openIfDue(any(), any())).thenReturn(true);
        when(pump.pump(open)).thenReturn(new PumpStroke(PumpStroke.Outcome.EMPTY, List.of(), 0, active, 0));
        when(pump.withBuyersWaiting(any())).thenReturn(Set.of());
    }

    private WaitingRoomClock clock(boolean enabled) {
        return clock(enabled, Duration.ofSeconds(5));
    }

    private WaitingRoomClock clock(boolean enabled, Duration restEvery) {
        return new WaitingRoomClock(
                knownEvents,
                opening,
                pump,
                metrics,
                Clock.systemUTC(),
                new ScheduleProperties(enabled, Duration.ofMillis(20), restEvery));
    }
}
