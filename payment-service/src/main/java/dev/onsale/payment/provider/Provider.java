package dev.onsale.payment.provider;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The acquirer's API as this service uses it. Every call needs a permit first ({@link #permit}): the circuit
 * breaker refuses it while the acquirer is failing, and then no request is sent. Money-moving calls are sent only
 * inside a slot of the shared {@link ProviderLimiter}, which the caller awaits between permit and call.
 * Timeouts, connection failures and 5xx count against the acquirer in the breaker; 429s, declines and refusals
 * do not (the acquirer answered). Thread-safe; calls block, so make them on virtual threads.
 */
public class Provider {

    private static final Duration DEFAULT_RETRY_AFTER = Duration.ofSeconds(1);

    private final ProviderProperties properties;
    private final CircuitBreaker breaker;
    private final ProviderLimiter limiter;
    private final ProviderMetrics metrics;
    private final HttpClient http;
    private final JsonMapper json = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    Provider(ProviderProperties properties, CircuitBreaker breaker, ProviderLimiter limiter, ProviderMetrics metrics) {
        this.properties = properties;
        this.breaker = breaker;
        this.limiter = limiter;
        this.metrics = metrics;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(properties.connectTimeout())
                .build();
    }

    /**
     * Asks the breaker for one call to {@code endpoint}. True: exactly one call (or {@link #release}) must follow.
     * False: the breaker is open, counted as {@code breaker_open}; make no call.
     */
    public boolean permit(Endpoint endpoint) {
        if (!breaker.tryAcquirePermission()) {
            metrics.called(endpoint, Outcome.BREAKER_OPEN, null);
            return false;
        }
        metrics.permitted();
        return true;
    }

    /** Gives back a permit that no call used. */
    public void release() {
        breaker.releasePermission();
        metrics.finished();
    }

    /** Whether the breaker refuses every call right now (open, or its half-open trials are taken). */
    public boolean refusing() {
        return breaker.getState() == CircuitBreaker.State.OPEN
                || breaker.getState() == CircuitBreaker.State.FORCED_OPEN;
    }

    /** Waits for a slot of the shared pace; see {@link ProviderLimiter#awaitSlot}. */
    public void awaitSlot() throws InterruptedException {
        limiter.awaitSlot();
    }

    /** {@code POST /v1/charges} with {@code idempotencyKey}; needs a permit and a slot. */
    public ProviderAnswer<ChargeView> createCharge(String idempotencyKey, ChargeRequest request) {
        return call(Endpoint.CHARGES, () -> post("/v1/charges", idempotencyKey, request), ChargeView.class);
    }

    /** {@code POST /v1/refunds} with {@code idempotencyKey}; needs a permit and a slot. */
    public ProviderAnswer<RefundView> createRefund(String idempotencyKey, RefundRequest request) {
        return call(Endpoint.REFUNDS, () -> post("/v1/refunds", idempotencyKey, request), RefundView.class);
    }

    /** {@code GET /v1/charges/{id}}; needs a permit (not paced: the acquirer does not rate-limit reads). */
    public ProviderAnswer<ChargeView> charge(String chargeId) {
        return call(
                Endpoint.CHARGE_STATUS,
                () -> request("/v1/charges/" + URLEncoder.encode(chargeId, StandardCharsets.UTF_8))
                        .GET()
                        .build(),
                ChargeView.class);
    }

    /**
     * {@code GET /v1/ledger}: the acquirer's charges and refunds created at or after {@code since}, oldest first;
     * needs a permit (not paced: the acquirer does not rate-limit reads). The acquirer's ledger takes no window or
     * page parameter and answers with every entry, so the window is applied here: an acquirer that lists by
     * creation time in pages changes this method only.
     */
    public ProviderAnswer<LedgerView> ledger(Instant since) {
        ProviderAnswer<LedgerView> answer =
                call(Endpoint.LEDGER, () -> request("/v1/ledger").GET().build(), LedgerView.class);
        if (answer instanceof ProviderAnswer.Accepted<LedgerView>(LedgerView ledger)) {
            return new ProviderAnswer.Accepted<>(ledger.createdSince(since));
        }
        return answer;
    }

    private HttpRequest post(String path, String idempotencyKey, Object body) {
        return request(path)
                .header("Idempotency-Key", idempotencyKey)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)))
                .build();
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(properties.url().toString().replaceAll("/+$", "") + path))
                .timeout(properties.requestTimeout())
                .header("Authorization", "Bearer " + properties.key())
                .header("Accept", "application/json");
    }

    /** Makes one permitted call; the permit is given back however the call ends. */
    private <T> ProviderAnswer<T> call(Endpoint endpoint, Supplier<HttpRequest> request, Class<T> type) {
        long start = System.nanoTime();
        ProviderAnswer<T> answer = null;
        try {
            answer = send(request.get(), type);
            return answer;
        } finally {
            long took = System.nanoTime() - start;
            if (answer == null) {
                breaker.releasePermission();
            } else if (answer.outcome().providerFailure()) {
                breaker.onError(took, TimeUnit.NANOSECONDS, new ProviderFailure(endpoint, answer));
            } else {
                breaker.onSuccess(took, TimeUnit.NANOSECONDS);
            }
            metrics.finished();
            if (answer != null) {
                metrics.called(endpoint, answer.outcome(), Duration.ofNanos(took));
            }
        }
    }

    private <T> ProviderAnswer<T> send(HttpRequest request, Class<T> type) {
        try {
            return answer(http.send(request, HttpResponse.BodyHandlers.ofString()), type);
        } catch (HttpTimeoutException e) {
            return new ProviderAnswer.Unavailable<>(Outcome.TIMEOUT, "no answer within " + properties.requestTimeout());
        } catch (IOException e) {
            return new ProviderAnswer.Unavailable<>(Outcome.TIMEOUT, "connection failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ProviderAnswer.Unavailable<>(Outcome.TIMEOUT, "interrupted while waiting for the answer");
        }
    }

    private <T> ProviderAnswer<T> answer(HttpResponse<String> response, Class<T> type) {
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            try {
                return new ProviderAnswer.Accepted<>(json.readValue(response.body(), type));
            } catch (JacksonException e) {
                return new ProviderAnswer.Unavailable<>(Outcome.SERVER_ERROR, "unreadable " + status + " body");
            }
        }
        if (status == 429) {
            return new ProviderAnswer.RateLimited<>(retryAfter(response));
        }
        if (status >= 500) {
            return new ProviderAnswer.Unavailable<>(Outcome.SERVER_ERROR, "status " + status);
        }
        if (status == 401 || status == 403) {
            return new ProviderAnswer.Unavailable<>(
                    Outcome.UNAUTHORIZED,
                    "status " + status + ": the acquirer refuses the merchant key (check ONSALE_PAYMENT_PROVIDER_KEY)");
        }
        if (status == 408 || status == 409 || status == 425) {
            return new ProviderAnswer.Unavailable<>(Outcome.TRY_AGAIN, "status " + status);
        }
        ErrorBody.Error error = error(response.body());
        return new ProviderAnswer.Rejected<>(status, error.type(), error.param(), error.code());
    }

    private ErrorBody.Error error(String body) {
        try {
            ErrorBody parsed = json.readValue(body, ErrorBody.class);
            if (parsed != null && parsed.error() != null) {
                return parsed.error();
            }
        } catch (JacksonException e) {
            // an error without the acquirer's error body: status only
        }
        return new ErrorBody.Error(null, null, null);
    }

    private static Duration retryAfter(HttpResponse<String> response) {
        return response.headers()
                .firstValue("Retry-After")
                .map(value -> {
                    try {
                        return Duration.ofSeconds(Math.max(0, Long.parseLong(value.trim())));
                    } catch (NumberFormatException notSeconds) {
                        try {
                            Duration until = Duration.between(
                                    ZonedDateTime.now(),
                                    ZonedDateTime.parse(value.trim(), DateTimeFormatter.RFC_1123_DATE_TIME));
                            return until.isNegative() ? Duration.ZERO : until;
                        } catch (DateTimeParseException notDate) {
                            return DEFAULT_RETRY_AFTER;
                        }
                    }
                })
                .orElse(DEFAULT_RETRY_AFTER);
    }

    /**
     * The acquirer's error body {@code {"error": {"type", "message", "param", "code"}}}; the message is never kept
     * (it may echo what we sent), the code only in its one-word form ({@link ProviderAnswer.Rejected}).
     */
    record ErrorBody(Error error) {
        record Error(String type, String param, String code) {}
    }

    /** What the breaker records for a failed call. */
    static final class ProviderFailure extends RuntimeException {
        ProviderFailure(Endpoint endpoint, ProviderAnswer<?> answer) {
            super(endpoint.tag() + ": " + answer.outcome().tag(), null, false, false);
        }
    }
}
