package dev.onsale.gateway.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.gateway.site.SiteFiles.Page;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SiteFilesTest {

    private static final Pattern ASSET_REFERENCE = Pattern.compile("(?:src|href)=\"(/assets/[^\"]+)\"");

    private final SiteFiles files = new SiteFiles(new WaitingRoomProperties(
            "/checkout/{eventId}?from=\"queue\"&x=1", Duration.ofSeconds(5), Duration.ofDays(365)));

    @Test
    void everyPageNamesOnlyAssetsThisGatewayServesByTheirFingerprintedPaths() {
        for (Page page : Page.values()) {
            String html = new String(files.page(page).body(), StandardCharsets.UTF_8);
            assertThat(html).as(page.name()).doesNotContain("{{").contains(files.publicPath("onsale.css"));
            Matcher references = ASSET_REFERENCE.matcher(html);
            int found = 0;
            while (references.find()) {
                found++;
                String name = references.group(1).substring(SiteFiles.ASSETS_PATH.length());
                assertThat(name).matches("[a-z-]+\\.[0-9a-f]{16}\\.(js|css)");
                assertThat(files.asset(name)).as(page + " names " + name).isPresent();
            }
            assertThat(found).as(page.name()).isPositive();
        }
        assertThat(files.publicPath("shop.js")).matches("/assets/shop\\.[0-9a-f]{16}\\.js");
    }

    @Test
    void noPageCarriesInlineScriptOrStyleWhichTheContentSecurityPolicyWouldBlock() {
        for (Page page : Page.values()) {
            String html = new String(files.page(page).body(), StandardCharsets.UTF_8);
            assertThat(html)
                    .as(page.name())
                    .doesNotContainPattern("<script(?![^>]*\\ssrc=)")
                    .doesNotContain("style=", "<style", " onclick=", " onsubmit=", "http://", "https://");
        }
    }

    @Test
    void theConfiguredNextUrlIsEscapedIntoTheWaitingPage() {
        assertThat(new String(files.page(Page.WAITING).body(), StandardCharsets.UTF_8))
                .contains("data-next-url=\"/checkout/{eventId}?from=&quot;queue&quot;&amp;x=1\"");
    }

    @Test
    void aFingerprintChangesWithTheContent() {
        assertThat(SiteFiles.fingerprint("a".getBytes(StandardCharsets.UTF_8)))
                .hasSize(16)
                .isNotEqualTo(SiteFiles.fingerprint("b".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aNextUrlOffThisSiteIsRefused() {
        for (String url : new String[] {"https://elsewhere.example/x", "//elsewhere.example/x"}) {
            assertThatThrownBy(() -> new WaitingRoomProperties(url, Duration.ofSeconds(5), Duration.ofDays(365)))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }
}
