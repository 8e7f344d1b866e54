package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.inventory.ScriptHeader;
import dev.onsale.inventory.hold.TimerExpiredScript.Result;
import java.time.Instant;
import java.util.Arrays;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TimerExpiredScriptTest {

    private static final UUID EVENT = UUID.fromString("00000000-0000-0000-0000-00000000000e");
    private static final UUID ORDER = UUID.fromString("00000000-0000-0000-0000-000000000001");
    private static final UUID MESSAGE = UUID.fromString("00000000-0000-0000-0000-000000000002");
    private static final String E = "inventory:{" + EVENT + "}:";
    private static final ScriptHeader HEADER = ScriptHeader.of(TimerExpiredScript.class, TimerExpiredScript.RESOURCE);

    @Test
    void keysAndArgsAreLaidOutAsTheHeaderNamesThem() {
        TimerExpiredScript call = new TimerExpiredScript(EVENT, ORDER, Instant.parse("2026-05-01T10:00:00Z"), MESSAGE);

        assertThat(call.keys()).containsExactly(E + "order:" + ORDER, E + "outbox");
        assertThat(call.args())
                .containsExactly(
                        ORDER.toString(),
                        EVENT.toString(),
                        "2026-05-01T10:00:00Z",
                        "onsale.inventory",
                        MESSAGE.toString());
        assertThat(call.keys()).hasSize(HEADER.fixedKeys());
        assertThat(call.args()).hasSize(HEADER.fixedArgs());
    }

    @Test
    void theResultsAreTheStatusWordsTheHeaderReturns() {
        assertThat(Arrays.stream(Result.values()).map(Enum::name))
                .containsExactlyInAnyOrderElementsOf(HEADER.words("Returns"));
        assertThat(Result.of("DUPLICATE")).isEqualTo(Result.DUPLICATE);
    }

    @Test
    void anUnknownReplyFailsLoudly() {
        assertThatThrownBy(() -> Result.of("EXPIRED"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("timer_expired.lua answered EXPIRED");
        assertThatThrownBy(() -> Result.of(7L)).isInstanceOf(IllegalStateException.class);
    }
}
