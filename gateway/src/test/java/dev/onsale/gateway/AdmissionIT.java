package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.BOOKING;
import static dev.onsale.gateway.GatewayStubs.INVENTORY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

@GatewayTest
class AdmissionIT {

    private static final String HOLD = "{\"quantity\":2}";

    private final TestHttp gateway;

    @Autowired
    MeterRegistry meters;

    AdmissionIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @Test
    void aValidAdmissionReachesInventoryWithItsTokenAndTheVerifiedAdmissionId() {
        String event = unique();
        String session = newSession(gateway);
        String token = AdmissionTokens.issue(session, event);
        String path = holdsOf(event);

        long sent = System.currentTimeMillis();
        Reply response = hold(path, session)
                .header("X-Admission-Token", token)
                .header("X-Onsale-Admission", UUID.randomUUID().toString())
                .header("X-Onsale-Deadline", "99999999999999")
                .send();

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        StubUpstream.Received received = INVENTORY.receivedAt(path);
        assertThat(received.header("X-Admission-Token")).isEqualTo(token);
        assertThat(received.headers().get("X-Onsale-Admission")).containsExactly(AdmissionTokens.admissionIdOf(token));
        assertThat(received.header("X-Onsale-Buyer"))
                .isEqualTo(AdmissionTokens.sessionIdOf(session).toString());
        assertThat(received.body()).asString().isEqualTo(HOLD);
        // the client's deadline is dropped; the gateway's own is a second before it stops waiting for inventory
        assertThat(received.headers().get("X-Onsale-Deadline")).hasSize(1);
        long deadline = Long.parseLong(received.header("X-Onsale-Deadline"));
        assertThat(deadline).isBetween(sent + 4_000, System.currentTimeMillis() + 9_000);
    }

    @Test
    void aTokenSignedWithThePreviousKeyStillAdmitsDuringARotation() {
        String event = unique();
        String session = newSession(gateway);
        String token = AdmissionTokens.issue(
                AdmissionTokens.PREVIOUS_KEY,
                AdmissionTokens.sessionIdOf(session),
                UUID.fromString(event),
                Instant.now().plusSeconds(600));

        Reply response =
                hold(holdsOf(event), session).header("X-Admission-Token", token).send();

        assertThat(response.status()).as(response.body()).isEqualTo(200);
    }

    @ParameterizedTest(name = "a {0} token is refused as {1} and nothing reaches inventory")
    @CsvSource({
        "missing, missing",
        "blank, missing",
        "malformed, malformed",
        "duplicated, malformed",
        "tampered, bad_signature",
        "forged, bad_signature",
        "expired, expired",
        "other-event, other_event",
        "other-session, other_session"
    })
    void anInvalidAdmissionIsRefusedWithAdmissionRequiredAndNothingIsForwarded(String kind, String reason) {
        String event = unique();
        String session = newSession(gateway);
        UUID sessionId = AdmissionTokens.sessionIdOf(session);
        String path = holdsOf(event);
        TestHttp.Call request = hold(path, session);
        switch (kind) {
            case "missing" -> {}
            case "blank" -> request.header("X-Admission-Token", " ");
            case "malformed" -> request.header("X-Admission-Token", "a1.not-an-admission");
            case "duplicated" ->
                request.addHeader("X-Admission-Token", AdmissionTokens.issue(session, event))
                        .addHeader("X-Admission-Token", AdmissionTokens.issue(session, event));
            case "tampered" -> {
                String forOtherEvent = AdmissionTokens.issue(session, unique());
                String[] parts = forOtherEvent.split("\\.");
                parts[3] = event;
                request.header("X-Admission-Token", String.join(".", parts));
            }
            case "forged" ->
                request.header(
                        "X-Admission-Token",
                        AdmissionTokens.issue(
                                "a-key-nobody-gave-the-gateway-but-long-enough",
                                sessionId,
                                UUID.fromString(event),
                                Instant.now().plusSeconds(600)));
            case "expired" ->
                request.header(
                        "X-Admission-Token",
                        AdmissionTokens.issue(
                                AdmissionTokens.KEY,
                                sessionId,
                                UUID.fromString(event),
                                Instant.now().minusSeconds(1)));
            case "other-event" -> request.header("X-Admission-Token", AdmissionTokens.issue(session, unique()));
            case "other-session" ->
                request.header("X-Admission-Token", AdmissionTokens.issue(newSession(gateway), event));
            default -> throw new IllegalArgumentException(kind);
        }
        double before = rejected(reason);

        Reply response = request.send();

        assertThat(response.status()).isEqualTo(403);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.json().get("type").asString()).isEqualTo("/problems/admission-required");
        assertThat(response.json().get("title").asString()).isEqualTo("Admission required");
        assertThat(response.json().get("detail").asString())
                .contains("queue")
                .doesNotContainIgnoringCase("signature")
                .doesNotContainIgnoringCase("hmac")
                .doesNotContain("a1.");
        assertThat(INVENTORY.receivedAt(path))
                .as("requests that reached inventory")
                .isNull();
        assertThat(rejected(reason)).isEqualTo(before + 1);
    }

    @Test
    void rejectionsAreExportedByReason() {
        hold(holdsOf(unique()), newSession(gateway)).send();
        String metrics =
                gateway.accepting("*/*").get("/actuator/prometheus").send().body();
        assertThat(metrics)
                .containsPattern("onsale_gateway_admission_rejected_total\\{[^}]*reason=\"missing\"")
                .containsPattern("onsale_gateway_admission_rejected_total\\{[^}]*reason=\"other_session\"")
                .contains("onsale_gateway_admission_accepted_total");
    }

    @Test
    void aHoldWithoutASessionIsStillUnauthorizedAndAnUnparsableEventIdIsNotFound() {
        String event = unique();
        Reply anonymous = gateway.post(holdsOf(event), HOLD)
                .header("X-Admission-Token", AdmissionTokens.issue(newSession(gateway), event))
                .send();
        assertThat(anonymous.status()).isEqualTo(401);

        String unparsable = "/api/events/not-an-event/holds";
        Reply notFound = hold(unparsable, newSession(gateway)).send();
        assertThat(notFound.status()).isEqualTo(404);
        assertThat(notFound.json().get("type").asString()).isEqualTo("/problems/not-found");
        assertThat(INVENTORY.receivedAt(holdsOf(event))).isNull();
        assertThat(INVENTORY.receivedAt(unparsable)).isNull();
    }

    @Test
    void ordersAfterTheHoldNeedNoAdmissionToken() {
        String order = "/api/orders/" + unique() + "/payments";
        Reply response = gateway.post(order, "{\"paymentMethod\":\"tok_ok\"}")
                .bearer(newSession(gateway))
                .idempotencyKey(unique())
                .send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(BOOKING.receivedAt(order)).isNotNull();
    }

    private TestHttp.Call hold(String path, String session) {
        return gateway.post(path, HOLD).bearer(session).header("Content-Type", "application/json");
    }

    private static String holdsOf(String event) {
        return "/api/events/" + event + "/holds";
    }

    private double rejected(String reason) {
        return meters.get("onsale.gateway.admission.rejected")
                .tag("reason", reason)
                .counter()
                .count();
    }
}
