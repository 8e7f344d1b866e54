package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.inventory.ScriptHeader;
import dev.onsale.inventory.hold.MarkHeldScript.Result;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class MarkHeldScriptTest {

    private static final UUID EVENT = UUID.fromString("00000000-0000-0000-0000-00000000000e");
    private static final UUID ORDER = UUID.fromString("00000000-0000-0000-0000-000000000001");
    private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");
    private static final String E = "inventory:{" + EVENT + "}:";
    private static final ScriptHeader HEADER = ScriptHeader.of(MarkHeldScript.class, MarkHeldScript.RESOURCE);

    private static SeatsAllocated allocated(List<String> seats, Instant expiresAt) {
        return new SeatsAllocated(ORDER, EVENT, UUID.randomUUID(), seats, 10_000, "EUR", expiresAt);
    }

    @Test
    void keysAndArgsAreLaidOutAsTheHeaderNamesThem() {
        MarkHeldScript call = new MarkHeldScript(allocated(List.of("A-1-1", "A-1-2"), NOW.plusSeconds(600)), NOW);

        assertThat(call.keys())
                .containsExactly(E + "order:" + ORDER, E + "hold-timer:" + ORDER, E + "seat:A-1-1", E + "seat:A-1-2");
        assertThat(call.args())
                .containsExactly(ORDER.toString(), "600", "10000", "EUR", "2026-05-01T10:10:00Z", "A-1-1,A-1-2");
        assertThat(call.keys()).hasSize(HEADER.fixedKeys() + 2);
        assertThat(call.args()).hasSize(HEADER.fixedArgs());
    }

    @Test
    void theTimerRunsWholeSecondsUntilExpiresAtRoundedUpAndAtLeastOne() {
        assertThat(new MarkHeldScript(allocated(List.of("A-1-1"), NOW.plusMillis(1_001)), NOW).timerSeconds())
                .isEqualTo(2);
        assertThat(new MarkHeldScript(allocated(List.of("A-1-1"), NOW.minusSeconds(5)), NOW).timerSeconds())
                .isEqualTo(1);
    }

    @Test
    void theResultsAreTheStatusWordsTheHeaderReturns() {
        assertThat(Arrays.stream(Result.values()).map(Enum::name))
                .containsExactlyInAnyOrderElementsOf(HEADER.words("Returns"));
        assertThat(Result.of(List.of("HELD"))).isEqualTo(Result.HELD);
        assertThat(Result.of(List.of("UNCHANGED", "TIMED_OUT"))).isEqualTo(Result.UNCHANGED);
    }

    @Test
    void anUnknownReplyFailsLoudly() {
        assertThatThrownBy(() -> Result.of(List.of("PENDING")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("mark_held.lua answered [PENDING]");
    }
}
