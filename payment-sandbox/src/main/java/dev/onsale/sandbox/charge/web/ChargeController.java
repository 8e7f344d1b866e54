package dev.onsale.sandbox.charge.web;

import dev.onsale.sandbox.api.ApiException;
import dev.onsale.sandbox.api.Merchants;
import dev.onsale.sandbox.api.RateLimiter;
import dev.onsale.sandbox.charge.ChargeRequest;
import dev.onsale.sandbox.charge.ChargeView;
import dev.onsale.sandbox.charge.Ledger;
import dev.onsale.sandbox.charge.RefundRequest;
import dev.onsale.sandbox.charge.RefundView;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The acquirer's API. Order of checks on money-moving calls: merchant key (401), TPS bucket (429), Idempotency-Key
 * (400), body (400), then the request's drawn fate (latency, 500, hang). Reads are not rate-limited.
 */
@RestController
class ChargeController {

    private final Merchants merchants;
    private final RateLimiter rateLimiter;
    private final Ledger ledger;

    ChargeController(Merchants merchants, RateLimiter rateLimiter, Ledger ledger) {
        this.merchants = merchants;
        this.rateLimiter = rateLimiter;
        this.ledger = ledger;
    }

    @PostMapping("/v1/charges")
    @ResponseStatus(HttpStatus.ACCEPTED)
    ChargeView charge(
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            @RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey,
            @RequestBody ChargeRequest request) {
        var merchant = merchants.authenticate(authorization);
        rateLimiter.acquire(merchant);
        return ledger.charge(merchant, idempotencyKey, request);
    }

    @GetMapping("/v1/charges/{id}")
    ChargeView get(
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            @PathVariable String id) {
        merchants.authenticate(authorization);
        return ledger.find(id).orElseThrow(() -> ApiException.notFound("No such charge: '" + id + "'"));
    }

    @PostMapping("/v1/refunds")
    RefundView refund(
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
            @RequestHeader(name = "Idempotency-Key", required = false) String idempotencyKey,
            @RequestBody RefundRequest request) {
        var merchant = merchants.authenticate(authorization);
        rateLimiter.acquire(merchant);
        return ledger.refund(merchant, idempotencyKey, request);
    }

    @GetMapping("/v1/ledger")
    Map<String, List<?>> ledger(
            @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
        merchants.authenticate(authorization);
        return Map.of("charges", ledger.charges(), "refunds", ledger.refunds());
    }
}
