package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

class IdentityIT extends GatewayIntegrationTest {

    @Test
    void clientSentIdentityHeadersAreNeverForwarded() {
        String session = newSession();
        String order = "/api/orders/" + unique();
        send(request(order)
                .header("Authorization", "Bearer " + session)
                .header("X-Onsale-Buyer", "00000000-0000-0000-0000-000000000000")
                .header("x-onsale-role", "admin")
                .header("X-ONSALE-OTHER", "x"));
        StubUpstream.Received received = BOOKING.receivedAt(order);
        assertThat(received.header("X-Onsale-Buyer")).isEqualTo(sessionIdOf(session));
        assertThat(received.headers().get("X-Onsale-Buyer")).hasSize(1);
        assertThat(received.hasHeader("X-Onsale-Role")).isFalse();
        assertThat(received.hasHeader("X-Onsale-Other")).isFalse();
        assertThat(received.hasHeader("Authorization")).isFalse();

        String event = "/api/events/" + unique();
        send(request(event).header("X-Onsale-Buyer", "forged").header("X-Onsale-Role", "admin"));
        assertThat(BOOKING.receivedAt(event).headers().keySet())
                .noneMatch(name -> name.toLowerCase().startsWith("x-onsale-"));

        String admin = "/admin/events/" + unique() + "/sale/pause";
        send(request(admin)
                .POST(BodyPublishers.noBody())
                .header("Authorization", "Bearer " + ADMIN_TOKEN)
                .header("X-Onsale-Buyer", "forged")
                .header("X-Onsale-Role", "auditor"));
        assertThat(BOOKING.receivedAt(admin).hasHeader("X-Onsale-Buyer")).isFalse();
        assertThat(BOOKING.receivedAt(admin).headers().get("X-Onsale-Role")).containsExactly("admin");
    }

    @Test
    void aSessionTokenIsForwardedAsTheBuyer() {
        String session = newSession();
        String join = "/api/queue/" + unique() + "/join";
        HttpResponse<String> response =
                send(request(join).header("Authorization", "Bearer " + session).POST(BodyPublishers.noBody()));
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(QUEUE.receivedAt(join).header("X-Onsale-Buyer")).isEqualTo(sessionIdOf(session));
    }

    @Test
    void operatorTokensAreForwardedAsTheirRole() {
        String adminPath = "/admin/events/" + unique() + "/sale/open";
        assertThat(send(request(adminPath)
                                .header("Authorization", "Bearer " + ADMIN_TOKEN)
                                .POST(BodyPublishers.noBody()))
                        .statusCode())
                .isEqualTo(200);
        assertThat(BOOKING.receivedAt(adminPath).header("X-Onsale-Role")).isEqualTo("admin");

        String auditPath = "/audit/events/" + unique() + "/ledger";
        assertThat(send(request(auditPath).header("Authorization", "Bearer " + AUDITOR_TOKEN))
                        .statusCode())
                .isEqualTo(200);
        assertThat(BOOKING.receivedAt(auditPath).header("X-Onsale-Role")).isEqualTo("auditor");

        String auditByAdmin = "/audit/reconciliation/reports/" + unique();
        send(request(auditByAdmin).header("Authorization", "Bearer " + ADMIN_TOKEN));
        assertThat(BOOKING.receivedAt(auditByAdmin).header("X-Onsale-Role")).isEqualTo("admin");
    }

    @Test
    void missingOrInvalidCredentialsAreUnauthorizedWithWwwAuthenticate() {
        String order = "/api/orders/" + unique();
        for (HttpResponse<String> response : java.util.List.of(
                send(request(order)),
                send(request(order).header("Authorization", "Bearer s1.not.a-token.x")),
                send(request("/admin/events")
                        .header("Authorization", "Bearer wrong-admin-token")
                        .POST(BodyPublishers.ofString("{}"))),
                send(request("/audit/reconciliation/reports")))) {
            assertThat(response.statusCode()).isEqualTo(401);
            assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
            assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(json(response).get("type").asString()).isEqualTo("/problems/unauthorized");
            assertThat(json(response).get("status").asInt()).isEqualTo(401);
        }
        assertThat(BOOKING.receivedAt(order)).isNull();
    }

    @Test
    void validCredentialsOfTheWrongKindAreForbidden() {
        String session = newSession();
        HttpResponse<String> buyerOnAdmin = send(request("/admin/reconciliation/run")
                .header("Authorization", "Bearer " + session)
                .POST(BodyPublishers.noBody()));
        HttpResponse<String> auditorOnAdmin = send(request("/admin/reconciliation/run")
                .header("Authorization", "Bearer " + AUDITOR_TOKEN)
                .POST(BodyPublishers.noBody()));
        for (HttpResponse<String> response : java.util.List.of(buyerOnAdmin, auditorOnAdmin)) {
            assertThat(response.statusCode()).isEqualTo(403);
            assertThat(json(response).get("type").asString()).isEqualTo("/problems/forbidden");
        }
    }

    @Test
    void aWellFormedCorrelationIdIsKeptAndForwardedAndAnyOtherIsReplaced() {
        String event = "/api/events/" + unique() + "/seats";
        HttpResponse<String> kept = send(request(event).header("X-Correlation-Id", "my-trace-0001"));
        assertThat(kept.headers().allValues("X-Correlation-Id")).containsExactly("my-trace-0001");
        assertThat(BOOKING.receivedAt(event).header("X-Correlation-Id")).isEqualTo("my-trace-0001");

        HttpResponse<String> replaced = send(request(event).header("X-Correlation-Id", "bad id!"));
        String id = replaced.headers().firstValue("X-Correlation-Id").orElseThrow();
        assertThat(id).isNotEqualTo("bad id!").matches("[0-9a-f-]{36}");
        assertThat(BOOKING.receivedAt(event).header("X-Correlation-Id")).isEqualTo(id);

        HttpResponse<String> problem = send(request("/nowhere/" + unique()));
        assertThat(problem.headers().firstValue("X-Correlation-Id")).isPresent();
    }

    private static String sessionIdOf(String token) {
        return token.split("\\.")[1];
    }
}
