package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.INVENTORY;
import static dev.onsale.gateway.GatewayStubs.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * An operator's halt reaches the gateway as a SaleStateChanged on onsale.events; from then on the
 * event's buyers are answered by the gateway alone, until the sale resumes.
 */
@GatewayTest
class SaleHaltIT {

    private final TestHttp gateway;

    SaleHaltIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @Test
    void aHaltedSaleAnswersItsBuyers503SaleHaltedAndShowsTheStoppedPageUntilItResumes() throws Exception {
        String event = unique();
        String session = newSession(gateway);
        String status = "/api/queue/" + event + "/status";
        String join = "/api/queue/" + event + "/join";
        String holds = "/api/events/" + event + "/holds";
        assertThat(poll(session, status).status()).isEqualTo(200);

        publish(event, "OPEN", "HALTED");
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> poll(session, status).status() == 503);

        Reply halted = poll(session, status);
        assertThat(halted.headers().firstValue("Retry-After")).hasValue("30");
        assertThat(halted.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(halted.json().get("type").asString()).isEqualTo("/problems/sale-halted");
        assertThat(halted.json().get("status").asInt()).isEqualTo(503);
        assertThat(gateway.post(join, "{}").bearer(session).send().status()).isEqualTo(503);
        Reply arriving = gateway.post("/api/sessions", "{\"eventId\": \"" + event + "\"}")
                .send();
        assertThat(arriving.status()).as("an arrival's join").isEqualTo(503);
        assertThat(arriving.json().get("type").asString()).isEqualTo("/problems/sale-halted");
        assertThat(arriving.headers().firstValue("Retry-After")).hasValue("30");
        assertThat(gateway.post(holds, "{\"quantity\": 1}")
                        .bearer(session)
                        .header("X-Admission-Token", AdmissionTokens.issue(session, event))
                        .header("Content-Type", "application/json")
                        .send()
                        .status())
                .isEqualTo(503);
        assertThat(QUEUE.receivedAt(join)).as("nothing forwarded").isNull();
        assertThat(QUEUE.receivedAt("/internal/queue/" + event + "/joins"))
                .as("the arrival joined nobody")
                .isNull();
        assertThat(INVENTORY.receivedAt(holds)).as("nothing forwarded").isNull();

        TestHttp browser = gateway.accepting("*/*");
        Reply page = browser.get("/wait/" + event).send();
        assertThat(page.status()).isEqualTo(503);
        assertThat(page.headers().firstValue("Retry-After")).hasValue("30");
        assertThat(page.body()).contains("<h1>Sale stopped</h1>");
        assertThat(poll(session, "/api/queue/" + unique() + "/status").status())
                .as("other events go on")
                .isEqualTo(200);

        publish(event, "HALTED", "OPEN");
        await().atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(250))
                .until(() -> poll(session, status).status() == 200);
        assertThat(browser.get("/wait/" + event).send().body()).contains("<h1>Waiting room</h1>");
    }

    private Reply poll(String session, String path) {
        return gateway.get(path).bearer(session).send();
    }

    private static void publish(String event, String previous, String current) throws Exception {
        GatewayCalls.publish(
                Topics.EVENTS,
                event,
                "SaleStateChanged",
                "{\"eventId\":\"%s\",\"previous\":\"%s\",\"current\":\"%s\"}".formatted(event, previous, current));
    }
}
