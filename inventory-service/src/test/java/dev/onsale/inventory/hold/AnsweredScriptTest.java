package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.inventory.ScriptHeader;
import dev.onsale.inventory.hold.AnsweredScript.Result;
import dev.onsale.inventory.hold.OrderRecord.OrderState;
import java.util.Arrays;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class AnsweredScriptTest {

    private static final UUID EVENT = UUID.fromString("00000000-0000-0000-0000-00000000000e");
    private static final UUID ORDER = UUID.fromString("00000000-0000-0000-0000-000000000001");
    private static final ScriptHeader HEADER = ScriptHeader.of(AnsweredScript.class, AnsweredScript.RESOURCE);

    @Test
    void itsOneKeyIsTheOrdersRecordAndItTakesNoArgs() {
        assertThat(new AnsweredScript(EVENT, ORDER).keys()).containsExactly("inventory:{" + EVENT + "}:order:" + ORDER);
        assertThat(HEADER.fixedKeys()).isEqualTo(1);
        assertThat(HEADER.fixedArgs()).isZero();
    }

    @Test
    void theResultsAreTheHeadersStatusWordsAndEveryStateButHeld() {
        assertThat(Arrays.stream(Result.values()).map(Enum::name))
                .containsExactlyInAnyOrderElementsOf(Stream.concat(
                                HEADER.words("Returns").stream(),
                                Arrays.stream(OrderState.values())
                                        .filter(state -> state != OrderState.HELD)
                                        .map(Enum::name))
                        .toList());
        assertThat(Result.of("TIMED_OUT")).isEqualTo(Result.TIMED_OUT);
    }

    @Test
    void heldIsNoReplyOfTheScript() {
        assertThatThrownBy(() -> Result.of("HELD"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("answered.lua answered HELD");
    }
}
