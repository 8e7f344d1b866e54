package dev.onsale.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

@PlatformWebTest
@ExtendWith(OutputCaptureExtension.class)
class ProblemResponsesTest {

    private static final String ADMIN = "admin";
    private final HttpClient http = HttpClient.newHttpClient();
    private final JsonMapper json = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Test
    void anUnknownFieldIsRefusedNamingTheField() throws Exception {
        var response = post("{\"name\":\"a\",\"quantity\":1,\"gift\":false,\"priceCents\":1}", ADMIN);
        assertInvalid(response, "priceCents");
    }

    @Test
    void aStringWhereANumberBelongsIsRefusedNamingTheField() throws Exception {
        assertInvalid(post("{\"name\":\"a\",\"quantity\":\"4\"}", ADMIN), "quantity");
        assertInvalid(post("{\"name\":\"a\",\"quantity\":4.5}", ADMIN), "quantity");
        assertInvalid(post("{\"name\":7,\"quantity\":4}", ADMIN), "name");
        assertInvalid(post("{\"name\":\"a\",\"gift\":\"yes\"}", ADMIN), "gift");
    }

    @Test
    void aMissingPrimitiveIsRefusedNamingTheField() throws Exception {
        assertInvalid(post("{\"name\":\"a\",\"quantity\":1}", ADMIN), "gift");
    }

    @Test
    void aMalformedInstantIsRefusedNamingTheField() throws Exception {
        assertInvalid(post("{\"name\":\"a\",\"gift\":true,\"startsAt\":\"tomorrow\"}", ADMIN), "startsAt");
    }

    @Test
    void aNestedWrongTypeIsNamedByItsPath() throws Exception {
        assertInvalid(
                post("{\"name\":\"a\",\"sections\":[{\"name\":\"A\",\"rows\":\"ten\"}]}", ADMIN), "sections[0].rows");
    }

    @Test
    void malformedJsonAndTrailingGarbageAreInvalidRequests() throws Exception {
        assertInvalid(post("{\"name\":", ADMIN), "body");
        assertInvalid(post("{\"name\":\"a\",\"gift\":true} {}", ADMIN), "body");
        assertInvalid(post("[1,2]", ADMIN), "body");
    }

    @Test
    void anAdminCallWithoutTheAdminRoleIsForbidden() throws Exception {
        var response = post("{\"name\":\"a\",\"quantity\":1,\"gift\":false}", "auditor");
        assertProblem(response, 403, "forbidden");
    }

    @Test
    void aBuyerCallWithoutABuyerIsUnauthorizedWithABearerChallenge() throws Exception {
        var response = get("/orders/" + UUID.randomUUID(), null);
        assertProblem(response, 401, "unauthorized");
        assertThat(response.headers().firstValue("WWW-Authenticate")).contains("Bearer");
        assertProblem(get("/orders/" + UUID.randomUUID(), "not-a-uuid"), 401, "unauthorized");
    }

    @Test
    void anIdThatDoesNotParseIsNotFoundNeverAServerError() throws Exception {
        assertProblem(get("/orders/12345", UUID.randomUUID().toString()), 404, "not-found");
    }

    @Test
    void aDomainRefusalKeepsItsSlugAndAnUnknownPathIsAProblemToo() throws Exception {
        assertProblem(
                get(
                        "/orders/00000000-0000-0000-0000-000000000001",
                        UUID.randomUUID().toString()),
                404,
                "order-not-found");
        assertProblem(get("/no/such/path", null), 404, "not-found");
    }

    @Test
    void aRetryableRefusalCarriesRetryAfter() throws Exception {
        var response = get("/busy", null);
        assertProblem(response, 503, "service-unavailable");
        assertThat(response.headers().firstValue("Retry-After")).contains("2");
    }

    @Test
    void anEngineThatDidNotAnswerIsA503WithRetryAfterNeverA500() throws Exception {
        for (String path : new String[] {"/engine-away", "/redis-pool-exhausted"}) {
            var response = get(path, null);
            assertProblem(response, 503, "service-unavailable");
            assertThat(response.headers().firstValue("Retry-After")).as(path).contains("1");
        }
    }

    @Test
    void aClientThatHungUpIsLoggedInOneLineNotAsAFailure(CapturedOutput output) throws Exception {
        http.send(
                dev.onsale.platform.testing.AsGateway.sign(HttpRequest.newBuilder(uri("/client-gone"))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build()),
                HttpResponse.BodyHandlers.discarding());

        assertThat(output.getOut())
                .contains("the client went away during POST /client-gone")
                .doesNotContain("unhandled failure on POST /client-gone");
    }

    @Test
    void anUnexpectedFailureRevealsNothing() throws Exception {
        var response = get("/boom", null);
        assertProblem(response, 500, "internal-error");
        assertThat(response.body()).doesNotContain("secret internal detail").doesNotContain("IllegalStateException");
    }

    @Test
    void everyResponseEchoesACorrelationIdAndKeepsAWellFormedOne() throws Exception {
        var fresh = get("/busy", null);
        assertThat(fresh.headers().firstValue("X-Correlation-Id"))
                .hasValueSatisfying(id -> assertThat(id).hasSize(36));
        var kept = http.send(
                HttpRequest.newBuilder(uri("/busy"))
                        .header("X-Correlation-Id", "abc-12345678")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(kept.headers().firstValue("X-Correlation-Id")).contains("abc-12345678");
        var forged = http.send(
                HttpRequest.newBuilder(uri("/busy"))
                        .header("X-Correlation-Id", "a\"} forged")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(forged.headers().firstValue("X-Correlation-Id"))
                .hasValueSatisfying(id -> assertThat(id).doesNotContain("forged"));
    }

    @Test
    void aValidRequestStillSucceeds() throws Exception {
        var response = post("{\"name\":\"a\",\"quantity\":2,\"gift\":true,\"sections\":[]}", ADMIN);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(json.readTree(response.body()).get("quantity").asInt()).isEqualTo(2);
    }

    private void assertInvalid(HttpResponse<String> response, String field) {
        JsonNode body = assertProblem(response, 400, "invalid-request");
        assertThat(body.get("errors").get(0).get("field").asString()).isEqualTo(field);
    }

    private JsonNode assertProblem(HttpResponse<String> response, int status, String slug) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        JsonNode body = json.readTree(response.body());
        assertThat(body.get("type").asString()).isEqualTo("/problems/" + slug);
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("title").asString()).isNotBlank();
        return body;
    }

    private HttpResponse<String> post(String body, String role) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/orders"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (role != null) {
            request.header("X-Onsale-Role", role);
        }
        return http.send(
                dev.onsale.platform.testing.AsGateway.sign(request.build()), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path, String buyer) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path));
        if (buyer != null) {
            request.header("X-Onsale-Buyer", buyer);
        }
        return http.send(
                dev.onsale.platform.testing.AsGateway.sign(request.build()), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
