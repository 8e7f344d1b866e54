package dev.onsale.gateway.problem;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.problem.ProblemType;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpResponse;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class ProblemRenderingTest {

    private final JsonMapper json = JsonMapper.builder().build();
    private final ProblemResponses responses = new ProblemResponses(json);

    @Test
    void aProblemIsRenderedAsRfc9457JsonWithTypeTitleStatusAndDetail() {
        MockServerHttpResponse response = new MockServerHttpResponse();
        responses
                .write(response, Problem.of(ProblemType.NOT_FOUND, "no resource at /x"))
                .block();

        assertThat(response.getStatusCode().value()).isEqualTo(404);
        assertThat(response.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_PROBLEM_JSON);
        JsonNode body = json.readTree(response.getBodyAsString().block());
        assertThat(body.get("type").asString()).isEqualTo("/problems/not-found");
        assertThat(body.get("title").asString()).isEqualTo("Not found");
        assertThat(body.get("status").asInt()).isEqualTo(404);
        assertThat(body.get("detail").asString()).isEqualTo("no resource at /x");
    }

    @Test
    void unauthorizedCarriesWwwAuthenticateBearer() {
        MockServerHttpResponse response = new MockServerHttpResponse();
        responses
                .write(response, Problem.of(ProblemType.UNAUTHORIZED, "no token"))
                .block();
        assertThat(response.getHeaders().getFirst(HttpHeaders.WWW_AUTHENTICATE)).isEqualTo("Bearer");
    }

    @Test
    void retryAfterIsWholeSecondsRoundedUpAndAtLeastOne() {
        MockServerHttpResponse response = new MockServerHttpResponse();
        responses
                .write(response, Problem.retryable(ProblemType.RATE_LIMITED, "slow down", Duration.ofMillis(1200)))
                .block();
        assertThat(response.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("2");

        MockServerHttpResponse quick = new MockServerHttpResponse();
        responses
                .write(quick, Problem.retryable(ProblemType.RATE_LIMITED, "slow down", Duration.ofMillis(1)))
                .block();
        assertThat(quick.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("1");
    }

    @Test
    void writingAProblemReplacesHeadersLeftByAnUpstream() {
        MockServerHttpResponse response = new MockServerHttpResponse();
        response.getHeaders().set("X-Upstream-Secret", "leak");
        responses
                .write(response, Problem.retryable(ProblemType.SERVICE_UNAVAILABLE, "down", Duration.ofSeconds(1)))
                .block();
        assertThat(response.getHeaders().containsHeader("X-Upstream-Secret")).isFalse();
        assertThat(response.getStatusCode().value()).isEqualTo(503);
    }

    @Test
    void rateLimitedAndServiceUnavailableCannotBeBuiltWithoutRetryAfter() {
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> Problem.of(ProblemType.SERVICE_UNAVAILABLE, "down"));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> Problem.of(ProblemType.RATE_LIMITED, "slow"));
    }
}
