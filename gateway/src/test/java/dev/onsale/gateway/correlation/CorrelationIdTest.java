package dev.onsale.gateway.correlation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class CorrelationIdTest {

    @Test
    void aWellFormedClientIdIsKept() {
        assertThat(CorrelationId.accept("abc-DEF-12345678")).isEqualTo("abc-DEF-12345678");
    }

    @Test
    void aMissingShortLongOrUnsafeClientIdIsReplacedByAUuid() {
        for (String bad : new String[] {null, "", "short", "a".repeat(65), "has space in it", "line\nbreak-123"}) {
            String id = CorrelationId.accept(bad);
            assertThat(id).isNotEqualTo(bad);
            assertThat(UUID.fromString(id)).isNotNull();
        }
    }
}
