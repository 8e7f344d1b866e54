package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

@GatewayTest
class WaitingRoomIT {

    private static final Pattern ASSET = Pattern.compile("/assets/[a-z-]+\\.([0-9a-f]{16})\\.(js|css)");

    /** As a browser asks for pages and their assets. */
    private final TestHttp browser;

    WaitingRoomIT(@LocalServerPort int port) {
        this.browser = TestHttp.at(port).accepting("*/*");
    }

    @Test
    void theWaitingPageIsShortLivedHtmlNamingTheFingerprintedAssetsItServes() throws Exception {
        String event = unique();
        Reply page = browser.get("/wait/" + event).send();

        assertThat(page.status()).isEqualTo(200);
        assertShortLivedHtml(page);
        assertThat(page.body()).contains("data-next-url=\"/events/{eventId}/admitted\"");
        assertServedFingerprintedAssets(page.body());
        assertThat(QUEUE.receivedAt("/wait/" + event)).isNull();
    }

    @Test
    void theAdmittedPageIsServedLikeTheWaitingPage() throws Exception {
        Reply page = browser.get("/events/" + unique() + "/admitted").send();

        assertThat(page.status()).isEqualTo(200);
        assertShortLivedHtml(page);
        assertThat(page.body()).contains("You're in");
        assertServedFingerprintedAssets(page.body());
    }

    @Test
    void everyOtherPageOfTheSiteIsServedLikeTheWaitingPage() throws Exception {
        for (String path : List.of("/", "/events/" + unique(), "/orders/" + unique(), "/operator", "/auditor")) {
            Reply page = browser.get(path).send();

            assertThat(page.status()).as(path).isEqualTo(200);
            assertShortLivedHtml(page);
            assertServedFingerprintedAssets(page.body());
        }
    }

    @Test
    void anUnknownOrStaleAssetIsANotFoundProblem() {
        for (String path :
                List.of("/assets/waiting-room.0000000000000000.js", "/assets/waiting-room.js", "/assets/nothing.css")) {
            Reply response = browser.get(path).send();
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(response.json().get("type").asString()).isEqualTo("/problems/not-found");
        }
    }

    @Test
    void aPageForSomethingOtherThanAnEventIdIsANotFoundProblem() {
        for (String path :
                List.of("/wait/not-an-event", "/events/1-2-3-4-5/admitted", "/events/not-an-event", "/orders/42")) {
            Reply response = browser.get(path).send();
            assertThat(response.status()).as(path).isEqualTo(404);
            assertThat(response.json().get("type").asString()).isEqualTo("/problems/not-found");
        }
    }

    @Test
    void aRevalidationWithTheEntityTagIsNotModified() {
        String path = "/wait/" + unique();
        String etag = browser.get(path).send().headers().firstValue("ETag").orElseThrow();

        Reply again = browser.get(path).ifNoneMatch(etag).send();

        assertThat(again.status()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
    }

    private static void assertShortLivedHtml(Reply page) {
        assertThat(page.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type ->
                        assertThat(type.toLowerCase()).startsWith("text/html").contains("charset=utf-8"));
        assertThat(page.headers().firstValue("Cache-Control"))
                .hasValueSatisfying(caching -> assertThat(caching)
                        .contains("public")
                        .contains("max-age=5")
                        .doesNotContain("immutable"));
        assertThat(page.headers().firstValue("Content-Security-Policy"))
                .hasValueSatisfying(csp -> assertThat(csp).contains("script-src 'self'"));
        assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    }

    private void assertServedFingerprintedAssets(String html) throws Exception {
        Matcher assets = ASSET.matcher(html);
        int found = 0;
        while (assets.find()) {
            found++;
            Reply asset = browser.get(assets.group()).send();
            assertThat(asset.status()).as(assets.group()).isEqualTo(200);
            assertThat(asset.headers().firstValue("Content-Type").orElseThrow().toLowerCase())
                    .startsWith("js".equals(assets.group(2)) ? "text/javascript" : "text/css");
            assertThat(asset.headers().firstValue("Cache-Control"))
                    .hasValueSatisfying(caching -> assertThat(caching)
                            .contains("public")
                            .contains("max-age=31536000")
                            .contains("immutable"));
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest(asset.body().getBytes(StandardCharsets.UTF_8));
            assertThat(HexFormat.of().formatHex(digest))
                    .as("the name's hash is the content's")
                    .startsWith(assets.group(1));
        }
        assertThat(found).as("fingerprinted assets named by the page").isGreaterThanOrEqualTo(2);
    }
}
