package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;

class AdmissionIT extends GatewayIntegrationTest {

    private static final String HOLD = "{\"quantity\":2}";

    @Autowired
    MeterRegistry meters;

    @Test
    void aValidAdmissionReachesInventoryWithItsTokenAndTheVerifiedAdmissionId() {
        String event = unique();
        String session = newSession();
        String token = admission(session, event);
        String path = holdsOf(event);

        long sent = System.currentTimeMillis();
        HttpResponse<String> response = send(hold(path, session)
                .header("X-Admission-Token", token)
                .header("X-Onsale-Admission", UUID.randomUUID().toString())
                .header("X-Onsale-Deadline", "99999999999999"));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
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
        String session = newSession();
        String token = AdmissionTokens.issue(
                AdmissionTokens.PREVIOUS_KEY,
                AdmissionTokens.sessionIdOf(session),
                UUID.fromString(event),
                Instant.now().plusSeconds(600));

        HttpResponse<String> response = send(hold(holdsOf(event), session).header("X-Admission-Token", token));

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
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
        String session = newSession();
        UUID sessionId = AdmissionTokens.sessionIdOf(session);
        String path = holdsOf(event);
        HttpRequest.Builder request = hold(path, session);
        switch (kind) {
            case "missing" -> {}
            case "blank" -> request.header("X-Admission-Token", " ");
            case "malformed" -> request.header("X-Admission-Token", "a1.not-an-admission");
            case "duplicated" ->
                request.header("X-Admission-Token", admission(session, event))
                        .header("X-Admission-Token", admission(session, event));
            case "tampered" -> {
                String forOtherEvent = admission(session, unique());
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
            case "other-event" -> request.header("X-Admission-Token", admission(session, unique()));
            case "other-session" -> request.header("X-Admission-Token", admission(newSession(), event));
            default -> throw new IllegalArgumentException(kind);
        }
        double before = rejected(reason);

        HttpResponse<String> response = send(request);

        assertThat(response.statusCode()).isEqualTo(403);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(json(response).get("type").asString()).isEqualTo("/problems/admission-required");
        assertThat(json(response).get("title").asString()).isEqualTo("Admission required");
        assertThat(json(response).get("detail").asString())
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
        send(hold(holdsOf(unique()), newSession()));
        String metrics = send(request("/actuator/prometheus")).body();
        assertThat(metrics)
                .containsPattern("onsale_gateway_admission_rejected_total\\{[^}]*reason=\"missing\"")
                .containsPattern("onsale_gateway_admission_rejected_total\\{[^}]*reason=\"other_session\"")
                .contains("onsale_gateway_admission_accepted_total");
    }

    @Test
    void aHoldWithoutASessionIsStillUnauthorizedAndAnUnparsableEventIdIsNotFound() {
        String event = unique();
        HttpResponse<String> anonymous = send(request(holdsOf(event))
                .header("X-Admission-Token", admission(newSession(), event))
                .POST(BodyPublishers.ofString(HOLD)));
        assertThat(anonymous.statusCode()).isEqualTo(401);

        String unparsable = "/api/events/not-an-event/holds";
        HttpResponse<String> notFound = send(hold(unparsable, newSession()));
        assertThat(notFound.statusCode()).isEqualTo(404);
        assertThat(json(notFound).get("type").asString()).isEqualTo("/problems/not-found");
        assertThat(INVENTORY.receivedAt(holdsOf(event))).isNull();
        assertThat(INVENTORY.receivedAt(unparsable)).isNull();
    }

    @Test
    void ordersAfterTheHoldNeedNoAdmissionToken() {
        String order = "/api/orders/" + unique() + "/payments";
        HttpResponse<String> response = send(request(order)
                .header("Authorization", "Bearer " + newSession())
                .header("Idempotency-Key", unique())
                .POST(BodyPublishers.ofString("{\"paymentMethod\":\"tok_ok\"}")));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(BOOKING.receivedAt(order)).isNotNull();
    }

    private HttpRequest.Builder hold(String path, String session) {
        return request(path)
                .header("Authorization", "Bearer " + session)
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(HOLD));
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
