package dev.onsale.booking.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CachedJsonTest {

    private final CachedJson json = CachedJson.of("{\"a\":1}".getBytes(StandardCharsets.UTF_8));

    @Test
    void theETagIsAStrongHashOfTheExactBytes() {
        assertThat(json.etag()).matches("\"[0-9a-f]{32}\"");
        assertThat(CachedJson.of("{\"a\":1}".getBytes(StandardCharsets.UTF_8)).etag())
                .isEqualTo(json.etag());
        assertThat(CachedJson.of("{\"a\": 1}".getBytes(StandardCharsets.UTF_8)).etag())
                .isNotEqualTo(json.etag());
    }

    @Test
    void ifNoneMatchMatchesTheTagAmongOthersWeakOrStrongOrStar() {
        assertThat(json.matches(json.etag())).isTrue();
        assertThat(json.matches("\"other\", " + json.etag())).isTrue();
        assertThat(json.matches("W/" + json.etag())).isTrue();
        assertThat(json.matches("*")).isTrue();
        assertThat(json.matches("\"other\"")).isFalse();
        assertThat(json.matches(null)).isFalse();
    }

    @Test
    void aMissingEventMatchesNothing() {
        assertThat(CachedJson.notFound().found()).isFalse();
        assertThat(CachedJson.notFound().matches("*")).isFalse();
    }
}
