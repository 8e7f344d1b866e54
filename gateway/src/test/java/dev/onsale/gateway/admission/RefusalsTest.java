package dev.onsale.gateway.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.AdmissionTokenCodec.Refusal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RefusalsTest {

    @ParameterizedTest
    @EnumSource(Refusal.class)
    void everyRefusalTellsTheBuyerWhatToDoWithoutNamingTheMechanism(Refusal refusal) {
        assertThat(Refusals.detail(refusal))
                .contains("queue")
                .doesNotContainIgnoringCase("signature")
                .doesNotContainIgnoringCase("hmac")
                .doesNotContainIgnoringCase("key");
        assertThat(Refusals.tag(refusal)).matches("[a-z_]+");
    }

    @Test
    void aForgedTokenReadsLikeAGarbledOne() {
        assertThat(Refusals.detail(Refusal.BAD_SIGNATURE)).isEqualTo(Refusals.detail(Refusal.MALFORMED));
    }
}
