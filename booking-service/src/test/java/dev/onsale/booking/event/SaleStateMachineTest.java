package dev.onsale.booking.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.common.events.SaleState;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SaleStateMachineTest {

    /** The whole table: for each action, each legal source and the state it leads to. */
    private static final Map<SaleAction, Map<SaleState, SaleState>> MOVES = new EnumMap<>(Map.of(
            SaleAction.OPEN, Map.of(SaleState.SCHEDULED, SaleState.OPEN),
            SaleAction.PAUSE, Map.of(SaleState.OPEN, SaleState.PAUSED),
            SaleAction.RESUME, Map.of(SaleState.PAUSED, SaleState.OPEN, SaleState.HALTED, SaleState.OPEN),
            SaleAction.HALT,
                    Map.of(
                            SaleState.SCHEDULED,
                            SaleState.HALTED,
                            SaleState.OPEN,
                            SaleState.HALTED,
                            SaleState.PAUSED,
                            SaleState.HALTED)));

    @ParameterizedTest
    @EnumSource(SaleAction.class)
    void everyActionMovesExactlyItsLegalSourcesIsANoOpOnItsTargetAndRefusesTheRest(SaleAction action) {
        for (SaleState state : SaleState.values()) {
            Event event = event(state);
            SaleState to = MOVES.get(action).get(state);
            if (to != null) {
                assertThat(event.after(action))
                        .map(Event::saleState)
                        .as(action + " on " + state)
                        .contains(to);
            } else if (state == action.target()) {
                assertThat(event.after(action)).as(action + " on " + state).isEmpty();
            } else {
                assertThatThrownBy(() -> event.after(action))
                        .as(action + " on " + state)
                        .isInstanceOfSatisfying(SaleStateConflict.class, e -> {
                            assertThat(e.current()).isEqualTo(state);
                            assertThat(e.action()).isEqualTo(action);
                            assertThat(e.getMessage()).contains(state.name());
                        });
            }
        }
    }

    @Test
    void aSoldOutOrClosedSaleAcceptsNoAction() {
        for (SaleAction action : SaleAction.values()) {
            assertThatThrownBy(() -> event(SaleState.SOLD_OUT).after(action)).isInstanceOf(SaleStateConflict.class);
            assertThatThrownBy(() -> event(SaleState.CLOSED).after(action)).isInstanceOf(SaleStateConflict.class);
        }
    }

    @Test
    void aMoveChangesOnlyTheSaleStateAndIsAnnouncedFromTheOldStateToTheNew() {
        Event scheduled = event(SaleState.SCHEDULED);

        Event open = scheduled.after(SaleAction.OPEN).orElseThrow();

        assertThat(open).usingRecursiveComparison().ignoringFields("saleState").isEqualTo(scheduled);
        assertThat(scheduled.changedTo(open).previous()).isEqualTo(SaleState.SCHEDULED);
        assertThat(scheduled.changedTo(open).current()).isEqualTo(SaleState.OPEN);
        assertThat(scheduled.changedTo(open).eventId()).isEqualTo(scheduled.id());
    }

    @Test
    void actionsAreNamedByTheirLowerCasePathSegmentOnly() {
        assertThat(SaleAction.fromPath("open")).contains(SaleAction.OPEN);
        assertThat(SaleAction.fromPath("resume")).contains(SaleAction.RESUME);
        assertThat(SaleAction.fromPath("OPEN")).isEmpty();
        assertThat(SaleAction.fromPath("close")).isEqualTo(Optional.empty());
    }

    private static Event event(SaleState state) {
        Instant now = Instant.parse("2026-12-01T10:00:00Z");
        return new Event(UUID.randomUUID(), "n", "v", now.plusSeconds(86_400), now, state, true, 10, "EUR", 600, 4);
    }
}
