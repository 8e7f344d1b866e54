package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.ADMIN_TOKEN;
import static dev.onsale.gateway.GatewayCalls.SERVICES;
import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.BOOKING;
import static dev.onsale.gateway.GatewayStubs.INVENTORY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.GatewaySignature.Claims;
import dev.onsale.common.token.GatewaySignature.Outcome;
import dev.onsale.testing.TestHttp;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** What a service can check of the gateway's word: every identity the gateway forwards comes signed for its request. */
@GatewayTest
class IdentitySigningIT {

    private final TestHttp gateway;

    IdentitySigningIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @Test
    void aBuyersIdentityArrivesSignedForItsMethodAndPath() {
        String session = newSession(gateway);
        String order = "/api/orders/" + unique();
        gateway.delete(order).bearer(session).send();

        StubUpstream.Received received = BOOKING.receivedAt(order);
        Claims claims = claimsOf(received);
        assertThat(claims.buyer())
                .isEqualTo(AdmissionTokens.sessionIdOf(session).toString());
        assertThat(SERVICES.verify(received.header("X-Onsale-Signature"), claims, Instant.now()))
                .isEqualTo(Outcome.VALID);
        assertThat(SERVICES.verify(
                        received.header("X-Onsale-Signature"),
                        new Claims("GET", order, claims.buyer(), null, null, null),
                        Instant.now()))
                .isEqualTo(Outcome.FORGED);
        assertThat(SERVICES.verify(
                        received.header("X-Onsale-Signature"),
                        new Claims("DELETE", order + "/payments", claims.buyer(), null, null, null),
                        Instant.now()))
                .isEqualTo(Outcome.FORGED);
    }

    @Test
    void anOperatorsRoleArrivesSigned() {
        String path = "/admin/events/" + unique() + "/sale/halt";
        gateway.post(path, null).bearer(ADMIN_TOKEN).send();

        StubUpstream.Received received = BOOKING.receivedAt(path);
        assertThat(claimsOf(received).role()).isEqualTo("admin");
        assertThat(SERVICES.verify(received.header("X-Onsale-Signature"), claimsOf(received), Instant.now()))
                .isEqualTo(Outcome.VALID);
    }

    @Test
    void aHoldsAdmissionAndDeadlineAreSignedWithTheBuyer() {
        String session = newSession(gateway);
        String event = unique();
        String holds = "/api/events/" + event + "/holds";
        gateway.post(holds, "{\"quantity\":1}")
                .bearer(session)
                .header("X-Admission-Token", AdmissionTokens.issue(session, event))
                .header("Content-Type", "application/json")
                .send();

        StubUpstream.Received received = INVENTORY.receivedAt(holds);
        Claims claims = claimsOf(received);
        assertThat(claims.admission()).isNotBlank();
        assertThat(claims.deadline()).isNotBlank();
        assertThat(SERVICES.verify(received.header("X-Onsale-Signature"), claims, Instant.now()))
                .isEqualTo(Outcome.VALID);
    }

    @Test
    void aClientSentSignatureNeverReachesAServiceAndAnonymousCallsCarryNone() {
        String event = "/api/events/" + unique();
        gateway.get(event).header("X-Onsale-Signature", "t=1,v1=forged").send();
        assertThat(BOOKING.receivedAt(event).hasHeader("X-Onsale-Signature")).isFalse();

        String session = newSession(gateway);
        String order = "/api/orders/" + unique();
        gateway.get(order)
                .bearer(session)
                .header("X-Onsale-Signature", "t=1,v1=forged")
                .send();
        assertThat(BOOKING.receivedAt(order).headers().get("X-Onsale-Signature"))
                .hasSize(1)
                .first()
                .asString()
                .doesNotContain("forged");
    }

    private static Claims claimsOf(StubUpstream.Received received) {
        return new Claims(
                received.method(),
                received.path(),
                received.header("X-Onsale-Buyer"),
                received.header("X-Onsale-Role"),
                received.header("X-Onsale-Admission"),
                received.header("X-Onsale-Deadline"));
    }
}
