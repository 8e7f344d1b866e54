package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.inventory.ScriptHeader;
import dev.onsale.inventory.hold.ReleaseScript.Mode;
import dev.onsale.inventory.hold.ReleaseScript.Result;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ReleaseScriptTest {

    private static final UUID EVENT = UUID.fromString("00000000-0000-0000-0000-00000000000e");
    private static final UUID ORDER = UUID.fromString("00000000-0000-0000-0000-000000000001");
    private static final UUID AVAILABILITY = UUID.fromString("00000000-0000-0000-0000-000000000002");
    private static final UUID CANCEL = UUID.fromString("00000000-0000-0000-0000-000000000003");
    private static final String E = "inventory:{" + EVENT + "}:";
    private static final ScriptHeader HEADER = ScriptHeader.of(ReleaseScript.class, ReleaseScript.RESOURCE);

    private final ReleaseScript call = new ReleaseScript(
            Mode.LATE,
            EVENT,
            ORDER,
            Duration.ofDays(7),
            "ANSWER_LATE",
            Instant.parse("2026-05-01T10:00:00Z"),
            AVAILABILITY,
            CANCEL);

    @Test
    void keysAndArgsAreLaidOutAsTheHeaderNamesThem() {
        assertThat(call.keys())
                .containsExactly(
                        E + "order:" + ORDER,
                        E + "available",
                        E + "live-holds",
                        E + "outbox",
                        E + "hold-timer:" + ORDER);
        assertThat(call.args())
                .containsExactly(
                        "LATE",
                        ORDER.toString(),
                        EVENT.toString(),
                        E,
                        "604800",
                        "ANSWER_LATE",
                        "2026-05-01T10:00:00Z",
                        "onsale.inventory",
                        AVAILABILITY.toString(),
                        "onsale.holds.commands",
                        CANCEL.toString());
        assertThat(call.keys()).hasSize(HEADER.fixedKeys());
        assertThat(call.args()).hasSize(HEADER.fixedArgs());
    }

    @Test
    void theModesAreTheOnesTheHeaderNamesInArgvOne() {
        assertThat(Arrays.stream(Mode.values()).map(Enum::name))
                .containsExactlyInAnyOrderElementsOf(HEADER.words("ARGV[1]"));
    }

    @Test
    void theResultsAreTheStatusWordsTheHeaderReturns() {
        assertThat(Arrays.stream(Result.values()).map(Enum::name))
                .containsExactlyInAnyOrderElementsOf(HEADER.words("Returns"));
        assertThat(Result.of(List.of("ENDED", "TIMED_OUT", 12L))).isEqualTo(Result.ENDED);
        assertThat(Result.of(List.of("UNCHANGED", "RELEASED"))).isEqualTo(Result.UNCHANGED);
        assertThat(Result.of(List.of("TOMBSTONE"))).isEqualTo(Result.TOMBSTONE);
    }

    @Test
    void anUnknownReplyFailsLoudly() {
        assertThatThrownBy(() -> Result.of(List.of("RELEASED")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("release.lua answered [RELEASED]");
        assertThatThrownBy(() -> Result.of(List.of())).isInstanceOf(IllegalStateException.class);
    }
}
