package dev.onsale.gateway.correlation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class AccessLogPropertiesTest {

    private static final long QUICK = Duration.ofMillis(5).toNanos();
    private static final long SLOW = Duration.ofSeconds(2).toNanos();

    @Test
    void failuresRefusalsAndSlowAnswersAreLoggedQuickSuccessesAndBusinessAnswersOnlyOnRequest() {
        var defaults = new AccessLogProperties(false, false, Duration.ofSeconds(1), 50);
        assertThat(defaults.logs(503, QUICK)).isTrue();
        assertThat(defaults.logs(401, QUICK)).isTrue();
        assertThat(defaults.logs(403, QUICK)).isTrue();
        assertThat(defaults.logs(429, QUICK)).isTrue();
        assertThat(defaults.logs(400, QUICK)).isTrue();
        assertThat(defaults.logs(409, QUICK)).isFalse();
        assertThat(defaults.logs(404, QUICK)).isFalse();
        assertThat(defaults.logs(422, QUICK)).isFalse();
        assertThat(defaults.logs(200, QUICK)).isFalse();
        assertThat(defaults.logs(200, SLOW)).isTrue();
        assertThat(defaults.logs(409, SLOW)).isTrue();

        var everything = new AccessLogProperties(true, true, Duration.ofSeconds(1), 50);
        assertThat(everything.logs(200, QUICK)).isTrue();
        assertThat(everything.logs(409, QUICK)).isTrue();
    }
}
