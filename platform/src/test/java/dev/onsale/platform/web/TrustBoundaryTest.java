package dev.onsale.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.platform.testing.AsGateway;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A service believes only the gateway: identity headers count only under the gateway's signature, made for
 * this method and path, within its window. Everything else is 401 problem+json and changes nothing.
 */
@PlatformWebTest
class TrustBoundaryTest {

    private static final String ORDER = "{\"name\":\"a\",\"quantity\":1,\"gift\":false}";

    private final HttpClient http = HttpClient.newHttpClient();
    private final JsonMapper json = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Test
    void anAdminCallSignedByTheGatewayPasses() throws Exception {
        int before = ProblemTestApplication.TestController.CREATED.get();
        assertThat(send(AsGateway.sign(createOrder("admin"))).statusCode()).isEqualTo(200);
        assertThat(ProblemTestApplication.TestController.CREATED.get()).isEqualTo(before + 1);
    }

    @Test
    void aRoleHeaderNobodySignedIsRefusedAndChangesNothing() throws Exception {
        int before = ProblemTestApplication.TestController.CREATED.get();
        assertUnauthorized(send(createOrder("admin")), "not signed by the gateway");
        assertThat(ProblemTestApplication.TestController.CREATED.get()).isEqualTo(before);
    }

    @Test
    void aForgedSignatureIsRefused() throws Exception {
        HttpRequest signed = AsGateway.sign(createOrder("admin"));
        String header = signed.headers().firstValue("X-Onsale-Signature").orElseThrow();
        String forged = header.substring(0, header.length() - 2) + (header.endsWith("AA") ? "BB" : "AA");
        int before = ProblemTestApplication.TestController.CREATED.get();
        assertUnauthorized(send(withSignature(createOrder("admin"), forged)), "does not verify");
        assertUnauthorized(
                send(withSignature(createOrder("admin"), "t=" + System.currentTimeMillis() + ",v1=")),
                "does not verify");
        assertUnauthorized(send(withSignature(createOrder("admin"), "garbage")), "malformed");
        assertThat(ProblemTestApplication.TestController.CREATED.get()).isEqualTo(before);
    }

    @Test
    void aSignatureMovedToAnotherRoleMethodOrPathIsRefused() throws Exception {
        String buyer = UUID.randomUUID().toString();
        String signedForAuditor = signatureOf(AsGateway.sign(createOrder("auditor")));
        assertUnauthorized(send(withSignature(createOrder("admin"), signedForAuditor)), "does not verify");

        HttpRequest read = HttpRequest.newBuilder(uri("/orders/" + UUID.randomUUID()))
                .header("X-Onsale-Buyer", buyer)
                .GET()
                .build();
        String signedForRead = signatureOf(AsGateway.sign(read));
        HttpRequest otherMethod = HttpRequest.newBuilder(read.uri())
                .header("X-Onsale-Buyer", buyer)
                .header("X-Onsale-Signature", signedForRead)
                .DELETE()
                .build();
        HttpRequest otherPath = HttpRequest.newBuilder(uri("/orders/" + UUID.randomUUID()))
                .header("X-Onsale-Buyer", buyer)
                .header("X-Onsale-Signature", signedForRead)
                .GET()
                .build();
        HttpRequest otherBuyer = HttpRequest.newBuilder(read.uri())
                .header("X-Onsale-Buyer", UUID.randomUUID().toString())
                .header("X-Onsale-Signature", signedForRead)
                .GET()
                .build();
        for (HttpRequest moved : List.of(otherMethod, otherPath, otherBuyer)) {
            assertUnauthorized(send(moved), "does not verify");
        }
        assertThat(send(withSignature(read, signedForRead)).statusCode()).isEqualTo(200);
    }

    @Test
    void aSignatureOlderThanTheWindowOrFromTheFutureIsRefused() throws Exception {
        int before = ProblemTestApplication.TestController.CREATED.get();
        assertUnauthorized(
                send(AsGateway.sign(createOrder("admin"), Instant.now().minusSeconds(31))), "expired");
        assertUnauthorized(
                send(AsGateway.sign(createOrder("admin"), Instant.now().plusSeconds(60))), "future");
        assertThat(send(AsGateway.sign(createOrder("admin"), Instant.now().minusSeconds(20)))
                        .statusCode())
                .isEqualTo(200);
        assertThat(ProblemTestApplication.TestController.CREATED.get()).isEqualTo(before + 1);
    }

    @Test
    void anIdentityHeaderSentTwiceIsRefusedEvenWhenOneCopyIsSigned() throws Exception {
        HttpRequest signed = AsGateway.sign(createOrder("admin"));
        HttpRequest doubled = HttpRequest.newBuilder(signed, (name, value) -> true)
                .header("X-Onsale-Role", "admin")
                .build();
        assertUnauthorized(send(doubled), "more than once");
    }

    @Test
    void anEmptyIdentityHeaderIsRefusedSinceItWouldSignAsAnAbsentOne() throws Exception {
        HttpRequest signed = AsGateway.sign(createOrder("admin"));
        HttpRequest withEmptyBuyer = HttpRequest.newBuilder(signed, (name, value) -> true)
                .header("X-Onsale-Buyer", "")
                .build();
        assertUnauthorized(send(withEmptyBuyer), "sent empty");
    }

    @Test
    void aVerifiedBuyerOnAnAdminCallIsForbiddenNotUnauthorized() throws Exception {
        HttpRequest asBuyer = AsGateway.sign(HttpRequest.newBuilder(uri("/orders"))
                .header("Content-Type", "application/json")
                .header("X-Onsale-Buyer", UUID.randomUUID().toString())
                .POST(HttpRequest.BodyPublishers.ofString(ORDER))
                .build());
        HttpResponse<String> response = send(asBuyer);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(403);
        assertThat(json.readTree(response.body()).get("type").asString()).isEqualTo("/problems/forbidden");
    }

    @Test
    void strippedIdentityIsNobodyAnd401NotForbidden() throws Exception {
        HttpRequest stripped = HttpRequest.newBuilder(uri("/orders"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(ORDER))
                .build();
        int before = ProblemTestApplication.TestController.CREATED.get();
        HttpResponse<String> response = send(stripped);
        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(json.readTree(response.body()).get("type").asString()).isEqualTo("/problems/unauthorized");
        assertThat(ProblemTestApplication.TestController.CREATED.get()).isEqualTo(before);
    }

    @Test
    void anAnonymousCallNeedsNoSignatureButAForgedIdentityOnItIsStillRefused() throws Exception {
        assertThat(send(HttpRequest.newBuilder(uri("/catalog")).GET().build()).statusCode())
                .isEqualTo(200);
        assertUnauthorized(
                send(HttpRequest.newBuilder(uri("/catalog"))
                        .header("X-Onsale-Buyer", UUID.randomUUID().toString())
                        .GET()
                        .build()),
                "not signed");
    }

    private void assertUnauthorized(HttpResponse<String> response, String detail) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(401);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
        JsonNode problem = json.readTree(response.body());
        assertThat(problem.get("type").asString()).isEqualTo("/problems/unauthorized");
        assertThat(problem.get("status").asInt()).isEqualTo(401);
        assertThat(problem.get("detail").asString()).contains(detail);
    }

    private HttpRequest createOrder(String role) {
        return HttpRequest.newBuilder(uri("/orders"))
                .header("Content-Type", "application/json")
                .header("X-Onsale-Role", role)
                .POST(HttpRequest.BodyPublishers.ofString(ORDER))
                .build();
    }

    private static HttpRequest withSignature(HttpRequest request, String signature) {
        return HttpRequest.newBuilder(request, (name, value) -> !name.equalsIgnoreCase("X-Onsale-Signature"))
                .header("X-Onsale-Signature", signature)
                .build();
    }

    private static String signatureOf(HttpRequest request) {
        return request.headers().firstValue("X-Onsale-Signature").orElseThrow();
    }

    private HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
