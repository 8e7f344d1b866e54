package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.ADMIN_TOKEN;
import static dev.onsale.gateway.GatewayCalls.AUDITOR_TOKEN;
import static dev.onsale.gateway.GatewayCalls.newSession;
import static dev.onsale.gateway.GatewayCalls.unique;
import static dev.onsale.gateway.GatewayStubs.BOOKING;
import static dev.onsale.gateway.GatewayStubs.QUEUE;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import dev.onsale.testing.TestHttp.Reply;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

@GatewayTest
class IdentityIT {

    private final TestHttp gateway;

    IdentityIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @Test
    void clientSentIdentityHeadersAreNeverForwarded() {
        String session = newSession(gateway);
        String order = "/api/orders/" + unique();
        gateway.get(order)
                .bearer(session)
                .header("X-Onsale-Buyer", "00000000-0000-0000-0000-000000000000")
                .header("x-onsale-role", "admin")
                .header("X-ONSALE-OTHER", "x")
                .send();
        StubUpstream.Received received = BOOKING.receivedAt(order);
        assertThat(received.header("X-Onsale-Buyer")).isEqualTo(sessionIdOf(session));
        assertThat(received.headers().get("X-Onsale-Buyer")).hasSize(1);
        assertThat(received.hasHeader("X-Onsale-Role")).isFalse();
        assertThat(received.hasHeader("X-Onsale-Other")).isFalse();
        assertThat(received.hasHeader("Authorization")).isFalse();

        String event = "/api/events/" + unique();
        gateway.get(event)
                .header("X-Onsale-Buyer", "forged")
                .header("X-Onsale-Role", "admin")
                .send();
        assertThat(BOOKING.receivedAt(event).headers().keySet())
                .noneMatch(name -> name.toLowerCase().startsWith("x-onsale-"));

        String admin = "/admin/events/" + unique() + "/sale/pause";
        gateway.post(admin, null)
                .bearer(ADMIN_TOKEN)
                .header("X-Onsale-Buyer", "forged")
                .header("X-Onsale-Role", "auditor")
                .send();
        assertThat(BOOKING.receivedAt(admin).hasHeader("X-Onsale-Buyer")).isFalse();
        assertThat(BOOKING.receivedAt(admin).headers().get("X-Onsale-Role")).containsExactly("admin");
    }

    @Test
    void aSessionTokenIsForwardedAsTheBuyer() {
        String session = newSession(gateway);
        String join = "/api/queue/" + unique() + "/join";
        Reply response = gateway.post(join, null).bearer(session).send();
        assertThat(response.status()).isEqualTo(200);
        assertThat(QUEUE.receivedAt(join).header("X-Onsale-Buyer")).isEqualTo(sessionIdOf(session));
    }

    @Test
    void operatorTokensAreForwardedAsTheirRole() {
        String adminPath = "/admin/events/" + unique() + "/sale/open";
        assertThat(gateway.post(adminPath, null).bearer(ADMIN_TOKEN).send().status())
                .isEqualTo(200);
        assertThat(BOOKING.receivedAt(adminPath).header("X-Onsale-Role")).isEqualTo("admin");

        String auditPath = "/audit/events/" + unique() + "/ledger";
        assertThat(gateway.get(auditPath).bearer(AUDITOR_TOKEN).send().status()).isEqualTo(200);
        assertThat(BOOKING.receivedAt(auditPath).header("X-Onsale-Role")).isEqualTo("auditor");

        String auditByAdmin = "/audit/reconciliation/reports/" + unique();
        gateway.get(auditByAdmin).bearer(ADMIN_TOKEN).send();
        assertThat(BOOKING.receivedAt(auditByAdmin).header("X-Onsale-Role")).isEqualTo("admin");
    }

    @Test
    void missingOrInvalidCredentialsAreUnauthorizedWithWwwAuthenticate() {
        String order = "/api/orders/" + unique();
        for (Reply response : List.of(
                gateway.get(order).send(),
                gateway.get(order).bearer("s1.not.a-token.x").send(),
                gateway.post("/admin/events", "{}").bearer("wrong-admin-token").send(),
                gateway.get("/audit/reconciliation/reports").send())) {
            assertThat(response.status()).isEqualTo(401);
            assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(response.json().get("type").asString()).isEqualTo("/problems/unauthorized");
            assertThat(response.json().get("status").asInt()).isEqualTo(401);
        }
        assertThat(BOOKING.receivedAt(order)).isNull();
    }

    @Test
    void validCredentialsOfTheWrongKindAreForbidden() {
        String session = newSession(gateway);
        Reply buyerOnAdmin =
                gateway.post("/admin/reconciliation/run", null).bearer(session).send();
        Reply auditorOnAdmin = gateway.post("/admin/reconciliation/run", null)
                .bearer(AUDITOR_TOKEN)
                .send();
        for (Reply response : List.of(buyerOnAdmin, auditorOnAdmin)) {
            assertThat(response.status()).isEqualTo(403);
            assertThat(response.json().get("type").asString()).isEqualTo("/problems/forbidden");
        }
    }

    @Test
    void aWellFormedCorrelationIdIsKeptAndForwardedAndAnyOtherIsReplaced() {
        String event = "/api/events/" + unique() + "/seats";
        Reply kept =
                gateway.get(event).header("X-Correlation-Id", "my-trace-0001").send();
        assertThat(kept.headers().allValues("X-Correlation-Id")).containsExactly("my-trace-0001");
        assertThat(BOOKING.receivedAt(event).header("X-Correlation-Id")).isEqualTo("my-trace-0001");

        Reply replaced =
                gateway.get(event).header("X-Correlation-Id", "bad id!").send();
        String id = replaced.headers().firstValue("X-Correlation-Id").orElseThrow();
        assertThat(id).isNotEqualTo("bad id!").matches("[0-9a-f-]{36}");
        assertThat(BOOKING.receivedAt(event).header("X-Correlation-Id")).isEqualTo(id);

        Reply problem = gateway.get("/nowhere/" + unique()).send();
        assertThat(problem.headers().firstValue("X-Correlation-Id")).isPresent();
    }

    private static String sessionIdOf(String token) {
        return token.split("\\.")[1];
    }
}
