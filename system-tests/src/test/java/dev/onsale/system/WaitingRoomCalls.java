package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.testing.TestHttp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** The waiting room's calls as buyers and operators make them through the gateway, and its refusals. */
final class WaitingRoomCalls {

    private WaitingRoomCalls() {}

    /** A refusal at the gateway's door: 403, the problem admission-required. */
    static void assertAdmissionRequired(TestHttp.Reply response, String why) {
        assertThat(response.status()).as("%s: %s", why, response).isEqualTo(403);
        assertThat(response.header("Content-Type")).as("%s: %s", why, response).startsWith("application/problem+json");
        assertThat(response.json().path("type").asString())
                .as("%s: %s", why, response)
                .isEqualTo("/problems/admission-required");
    }

    /** A refused body: 400, the problem invalid-request, naming {@code field} among its errors. */
    static void assertInvalid(TestHttp.Reply response, String field) {
        assertThat(response.status()).as("%s: %s", field, response).isEqualTo(400);
        assertThat(response.json().path("type").asString())
                .as("%s: %s", field, response)
                .isEqualTo("/problems/invalid-request");
        List<String> fields = new ArrayList<>();
        response.json()
                .path("errors")
                .forEach(error -> fields.add(error.path("field").asString()));
        assertThat(fields).as("%s: %s", field, response).contains(field);
    }

    /** The token with one character of its signature changed (not the last: its low bits may be unused). */
    static String tamperedSignature(String token) {
        int at = token.lastIndexOf('.') + 1;
        char flipped = token.charAt(at) == 'A' ? 'B' : 'A';
        return token.substring(0, at) + flipped + token.substring(at + 1);
    }

    static String queue(UUID eventId, String call) {
        return "/api/queue/" + eventId + "/" + call;
    }

    static String admission(UUID eventId) {
        return "/admin/events/" + eventId + "/admission";
    }

    static Map<String, Object> caps(long maxActiveBuyers, long maxAdmitPerSecond) {
        return Map.of("maxActiveBuyers", maxActiveBuyers, "maxAdmitPerSecond", maxAdmitPerSecond);
    }

    static Map<String, Object> generalAdmissionEvent(String name, Instant saleOpensAt, int quantity) {
        var body = new LinkedHashMap<String, Object>();
        body.put("name", name);
        body.put("venue", "Hall B");
        body.put(
                "startsAt",
                saleOpensAt
                        .plus(30, ChronoUnit.DAYS)
                        .truncatedTo(ChronoUnit.SECONDS)
                        .toString());
        body.put("saleOpensAt", saleOpensAt.toString());
        body.put("holdTtlSeconds", 600);
        body.put("maxPerOrder", 4);
        body.put("generalAdmission", Map.of("quantity", quantity, "priceCents", 3000));
        return body;
    }

    /** The answers of the buyers whose status is {@code status}. */
    static List<JsonNode> statuses(Map<String, JsonNode> answers, String status) {
        return answers.values().stream()
                .filter(answer -> answer.path("status").asString().equals(status))
                .toList();
    }
}
