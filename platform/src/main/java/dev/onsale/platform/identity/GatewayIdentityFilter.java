package dev.onsale.platform.identity;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.GatewaySignature.Outcome;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The services' side of the trust boundary. A request that carries any identity header ({@code X-Onsale-Buyer},
 * {@code -Role}, {@code -Admission}, {@code -Deadline}) or a signature passes only if the gateway's signature
 * over exactly these values, this method and this raw path verifies within its window; anything else is 401
 * problem+json before any controller runs, so nothing is changed. A request with no identity and no signature
 * passes as anonymous: catalog reads, probes and the provider's webhook (which has its own signature) need
 * none, and every call that needs a caller refuses it. A header sent twice is refused: which copy a reader
 * would take is not something to leave to chance.
 */
final class GatewayIdentityFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger(GatewayIdentityFilter.class);
    private static final List<String> IDENTITY = List.of(
            IdentityHeaders.BUYER,
            IdentityHeaders.ROLE,
            IdentityHeaders.ADMISSION,
            IdentityHeaders.DEADLINE,
            IdentityHeaders.SIGNATURE);

    private final GatewaySignature signature;
    private final Clock clock;
    private final Map<Outcome, Counter> refused = new EnumMap<>(Outcome.class);
    private final Counter duplicated;

    GatewayIdentityFilter(GatewaySignature signature, Clock clock, MeterRegistry meters) {
        this.signature = signature;
        this.clock = clock;
        for (Outcome outcome : Outcome.values()) {
            if (outcome != Outcome.VALID) {
                refused.put(outcome, refusedCounter(meters, outcome.name().toLowerCase(java.util.Locale.ROOT)));
            }
        }
        this.duplicated = refusedCounter(meters, "duplicate_header");
    }

    private static Counter refusedCounter(MeterRegistry meters, String reason) {
        return Counter.builder("onsale.identity.refused")
                .description(
                        "requests refused with 401 because the gateway's signature on their identity did not verify")
                .tag("reason", reason)
                .register(meters);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        Map<String, String> sent = new HashMap<>();
        for (String name : IDENTITY) {
            List<String> values = Collections.list(request.getHeaders(name));
            if (values.size() > 1) {
                duplicated.increment();
                refuse(request, response, "duplicate_header", name + " was sent more than once");
                return;
            }
            if (values.size() == 1 && values.getFirst().isBlank()) {
                // an empty value signs as an absent one: refused, so that the signed text has one reading
                refused.get(Outcome.MALFORMED).increment();
                refuse(request, response, "empty_header", name + " was sent empty");
                return;
            }
            if (!values.isEmpty()) {
                sent.put(name, values.getFirst());
            }
        }
        if (sent.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        String buyer = sent.get(IdentityHeaders.BUYER);
        String role = sent.get(IdentityHeaders.ROLE);
        String admission = sent.get(IdentityHeaders.ADMISSION);
        var claims = new GatewaySignature.Claims(
                request.getMethod(),
                request.getRequestURI(),
                buyer,
                role,
                admission,
                sent.get(IdentityHeaders.DEADLINE));
        Outcome outcome = signature.verify(sent.get(IdentityHeaders.SIGNATURE), claims, clock.instant());
        if (outcome != Outcome.VALID) {
            refused.get(outcome).increment();
            refuse(request, response, outcome.name(), detail(outcome));
            return;
        }
        new VerifiedIdentity(buyer, role, admission).attachTo(request);
        chain.doFilter(request, response);
    }

    private static String detail(Outcome outcome) {
        return switch (outcome) {
            case MISSING -> "the caller's identity is not signed by the gateway";
            case MALFORMED -> "the gateway's signature on the caller's identity is malformed";
            case FORGED -> "the signature on the caller's identity does not verify for this request";
            case EXPIRED -> "the gateway's signature on the caller's identity has expired";
            case FROM_THE_FUTURE -> "the gateway's signature on the caller's identity is dated in the future";
            case VALID -> throw new IllegalArgumentException("a valid signature is not refused");
        };
    }

    /** 401 in the shape of every other problem; the detail is one of the fixed texts above, never request input. */
    private static void refuse(HttpServletRequest request, HttpServletResponse response, String reason, String detail)
            throws IOException {
        log.warn(
                "refused {} {} from {}: unverified identity ({})",
                request.getMethod(),
                request.getRequestURI(),
                request.getRemoteAddr(),
                reason);
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setContentType("application/problem+json");
        response.setHeader("WWW-Authenticate", "Bearer");
        response.getOutputStream()
                .write(("{\"type\":\"/problems/unauthorized\",\"title\":\"Unauthorized\","
                                + "\"status\":401,\"detail\":\"" + detail + "\"}")
                        .getBytes(StandardCharsets.UTF_8));
    }
}
