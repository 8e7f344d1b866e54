package dev.onsale.gateway.waitingroom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WaitingRoomFilesTest {

    private final WaitingRoomFiles files = new WaitingRoomFiles(new WaitingRoomProperties(
            "/checkout/{eventId}?from=\"queue\"&x=1", Duration.ofSeconds(5), Duration.ofDays(365)));

    @Test
    void thePagesNameEachAssetByItsPublishedFingerprintedPath() {
        for (WaitingRoomFiles.File page : new WaitingRoomFiles.File[] {files.waitingPage(), files.admittedPage()}) {
            String html = new String(page.body(), StandardCharsets.UTF_8);
            assertThat(html)
                    .doesNotContain("{{")
                    .contains(files.publicPath("waiting-room.js"), files.publicPath("waiting-room.css"));
        }
        String script = files.publicPath("waiting-room.js");
        assertThat(script).matches("/assets/waiting-room\\.[0-9a-f]{16}\\.js");
        assertThat(files.asset(script.substring("/assets/".length()))).isPresent();
    }

    @Test
    void theConfiguredNextUrlIsEscapedIntoTheWaitingPage() {
        assertThat(new String(files.waitingPage().body(), StandardCharsets.UTF_8))
                .contains("data-next-url=\"/checkout/{eventId}?from=&quot;queue&quot;&amp;x=1\"");
    }

    @Test
    void aFingerprintChangesWithTheContent() {
        assertThat(WaitingRoomFiles.fingerprint("a".getBytes(StandardCharsets.UTF_8)))
                .hasSize(16)
                .isNotEqualTo(WaitingRoomFiles.fingerprint("b".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aNextUrlOffThisSiteIsRefused() {
        for (String url : new String[] {"https://elsewhere.example/x", "//elsewhere.example/x"}) {
            assertThatThrownBy(() -> new WaitingRoomProperties(url, Duration.ofSeconds(5), Duration.ofDays(365)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
