package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.inventory.ScriptHeader;
import dev.onsale.inventory.hold.ConvertScript.Result;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ConvertScriptTest {

    private static final UUID EVENT = UUID.fromString("00000000-0000-0000-0000-00000000000e");
    private static final UUID ORDER = UUID.fromString("00000000-0000-0000-0000-000000000001");
    private static final UUID AVAILABILITY = UUID.fromString("00000000-0000-0000-0000-000000000002");
    private static final String E = "inventory:{" + EVENT + "}:";
    private static final ScriptHeader HEADER = ScriptHeader.of(ConvertScript.class, ConvertScript.RESOURCE);

    @Test
    void keysAndArgsAreLaidOutAsTheHeaderNamesThem() {
        ConvertScript call = new ConvertScript(
                EVENT, ORDER, Duration.ofDays(7), Instant.parse("2026-05-01T10:00:00Z"), AVAILABILITY);

        assertThat(call.keys())
                .containsExactly(
                        E + "order:" + ORDER,
                        E + "available",
                        E + "live-holds",
                        E + "sold",
                        E + "outbox",
                        E + "hold-timer:" + ORDER);
        assertThat(call.args())
                .containsExactly(
                        ORDER.toString(),
                        EVENT.toString(),
                        E,
                        "604800",
                        "2026-05-01T10:00:00Z",
                        "onsale.inventory",
                        AVAILABILITY.toString());
        assertThat(call.keys()).hasSize(HEADER.fixedKeys());
        assertThat(call.args()).hasSize(HEADER.fixedArgs());
    }

    @Test
    void theResultsAreTheStatusWordsTheHeaderReturns() {
        assertThat(Arrays.stream(Result.values()).map(Enum::name))
                .containsExactlyInAnyOrderElementsOf(HEADER.words("Returns"));
        assertThat(Result.of(List.of("CONVERTED"))).isEqualTo(Result.CONVERTED);
        assertThat(Result.of(List.of("UNCHANGED", "RELEASED"))).isEqualTo(Result.UNCHANGED);
    }

    @Test
    void anUnknownReplyFailsLoudly() {
        assertThatThrownBy(() -> Result.of(List.of("SOLD")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("convert.lua answered [SOLD]");
    }
}
