package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.ADMIN_TOKEN;
import static dev.onsale.gateway.GatewayCalls.AUDITOR_TOKEN;
import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.BOOKING;
import static dev.onsale.gateway.GatewayStubs.INVENTORY;
import static dev.onsale.gateway.GatewayStubs.PAYMENT;
import static dev.onsale.gateway.GatewayStubs.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.GatewaySignature.Claims;
import dev.onsale.common.token.GatewaySignature.Outcome;
import dev.onsale.common.token.HmacSigner;
import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The operators' dashboard the gateway composes from one signed read per service: every part in place, a part that
 * does not answer in time (or at all) named as unavailable while the rest is answered, booking's word on whether the
 * event exists, and nobody but the admin.
 */
@GatewayTest
class DashboardIT {

    private static final GatewaySignature SERVICES = new GatewaySignature(
            new HmacSigner("local-only-identity-key-change-me-in-production"),
            Duration.ofSeconds(30),
            Duration.ofSeconds(5));

    private final TestHttp gateway;

    DashboardIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    private static String part(String event) {
        return "/internal/events/" + event + "/dashboard";
    }

    private static void answerAll(String event) {
        BOOKING.answer(part(event), StubUpstream.Answer.of(200, "application/json", """
            {"eventId":"%s","saleState":"OPEN","capacity":800,"lastReconciliation":{"reportId":"r-1","drifts":0}}
            """.formatted(event)));
        QUEUE.answer(
                part(event),
                StubUpstream.Answer.of(
                        200, "application/json", "{\"length\":4200,\"admitted\":800,\"activeBuyers\":512}"));
        INVENTORY.answer(
                part(event),
                StubUpstream.Answer.of(
                        200,
                        "application/json",
                        "{\"available\":120,\"liveHolds\":480,\"sold\":200,\"capacity\":800}"));
        PAYMENT.answer(
                part(event),
                StubUpstream.Answer.of(
                        200, "application/json", "{\"queued\":30,\"inFlight\":12,\"providerErrorsLastMinute\":3}"));
    }

    private Reply dashboard(String event, String token) {
        return gateway.get("/admin/events/" + event + "/dashboard")
                .bearer(token)
                .send();
    }

    @Test
    void composesOnePartPerServiceEachReadWithASignedAdminIdentity() {
        String event = unique();
        answerAll(event);

        Reply response = dashboard(event, ADMIN_TOKEN);

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.headers().firstValue("Cache-Control")).hasValue("no-store");
        JsonNode body = response.json();
        assertThat(body.path("eventId").asString()).isEqualTo(event);
        assertThat(body.path("saleState").asString()).isEqualTo("OPEN");
        assertThat(body.path("queue").path("length").asLong()).isEqualTo(4200);
        assertThat(body.path("queue").path("activeBuyers").asLong()).isEqualTo(512);
        assertThat(body.path("seats").path("liveHolds").asLong()).isEqualTo(480);
        assertThat(body.path("seats").path("capacity").asLong()).isEqualTo(800);
        assertThat(body.path("payments").path("inFlight").asLong()).isEqualTo(12);
        assertThat(body.path("lastReconciliation").path("reportId").asString()).isEqualTo("r-1");
        assertThat(body.path("unavailable").isEmpty()).isTrue();
        for (StubUpstream service : new StubUpstream[] {BOOKING, QUEUE, INVENTORY, PAYMENT}) {
            StubUpstream.Received received = service.receivedAt(part(event));
            assertThat(received.method()).isEqualTo("GET");
            assertThat(received.header("X-Onsale-Role")).isEqualTo("admin");
            assertThat(received.hasHeader("Authorization")).isFalse();
            Claims claims = new Claims("GET", part(event), null, "admin", null, null);
            assertThat(SERVICES.verify(received.header("X-Onsale-Signature"), claims, Instant.now()))
                    .as("signature received by %s", service)
                    .isEqualTo(Outcome.VALID);
        }
    }

    @Test
    void aSlowOrFailingPartIsNamedAndTheRestIsAnsweredWithinThePartTimeout() {
        String event = unique();
        answerAll(event);
        QUEUE.answer(
                part(event),
                new StubUpstream.Answer(200, "application/json", "{\"length\":1}", Map.of(), Duration.ofSeconds(8)));
        PAYMENT.answer(part(event), StubUpstream.Answer.of(503, "application/problem+json", "{}"));

        long started = System.nanoTime();
        Reply response = dashboard(event, ADMIN_TOKEN);
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(response.status()).isEqualTo(200);
        JsonNode body = response.json();
        assertThat(body.path("queue").isNull()).isTrue();
        assertThat(body.path("payments").isNull()).isTrue();
        assertThat(body.path("seats").path("available").asLong()).isEqualTo(120);
        assertThat(body.path("unavailable").toString())
                .contains("\"part\":\"queue\"", "did not answer within 2000 ms")
                .contains("\"part\":\"payments\"", "payment-service answered 503");
        // the queue stub holds its answer for 8 s: the dashboard came at the 2 s part timeout, not after it
        assertThat(took).isLessThan(Duration.ofSeconds(6));
    }

    @Test
    void anEventBookingDoesNotKnowIs404AndAMalformedIdIs400() {
        String event = unique();
        answerAll(event);
        BOOKING.answer(part(event), StubUpstream.Answer.of(404, "application/problem+json", "{}"));

        Reply unknown = dashboard(event, ADMIN_TOKEN);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().path("type").asString()).isEqualTo("/problems/event-not-found");

        Reply malformed = dashboard("not-a-uuid", ADMIN_TOKEN);
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    }

    @Test
    void onlyTheAdminMayReadItAndNoServiceIsAskedOtherwise() {
        String event = unique();
        answerAll(event);

        assertThat(dashboard(event, null).status()).isEqualTo(401);
        assertThat(dashboard(event, AUDITOR_TOKEN).status()).isEqualTo(403);
        assertThat(dashboard(event, newSession(gateway)).status()).isEqualTo(403);
        assertThat(BOOKING.receivedAt(part(event))).isNull();
        assertThat(QUEUE.receivedAt(part(event))).isNull();

        // the services' parts are not routed: from outside they do not exist
        assertThat(gateway.get(part(event)).bearer(ADMIN_TOKEN).send().status()).isEqualTo(404);
        assertThat(BOOKING.receivedAt(part(event))).isNull();
    }
}
