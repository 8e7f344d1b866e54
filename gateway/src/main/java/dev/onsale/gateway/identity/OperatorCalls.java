package dev.onsale.gateway.identity;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.HmacSigner;
import java.time.Clock;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;

/**
 * The identity of a call the gateway makes itself on someone's behalf, signed as {@link IdentitySigner} signs a
 * forwarded one (the identity, the method, the raw path and the time): an operator's (the dashboard's reads of each
 * service), only for a request whose own caller the identity filter has already verified as that operator; or the
 * gateway's own, for the sessions it has just created (the arrivals' batched join).
 */
@Component
public class OperatorCalls {

    private final HmacSigner signer;
    private final Clock clock;

    OperatorCalls(IdentityProperties properties, Clock clock) {
        this.signer = new HmacSigner(properties.key());
        this.clock = clock;
    }

    /** Sets {@code X-Onsale-Role: admin} and its signature for {@code method} on {@code rawPath}. */
    public void asAdmin(HttpHeaders headers, HttpMethod method, String rawPath) {
        var claims = new GatewaySignature.Claims(method.name(), rawPath, null, IdentityHeaders.ROLE_ADMIN, null, null);
        headers.set(IdentityHeaders.ROLE, IdentityHeaders.ROLE_ADMIN);
        sign(headers, claims);
    }

    /**
     * Sets {@code X-Onsale-Role: gateway} and its signature for {@code method} on {@code rawPath}: the gateway's own
     * call for the sessions it has just created (the batched arrivals' joins), which no client's token can make.
     */
    public void asGateway(HttpHeaders headers, HttpMethod method, String rawPath) {
        var claims =
                new GatewaySignature.Claims(method.name(), rawPath, null, IdentityHeaders.ROLE_GATEWAY, null, null);
        headers.set(IdentityHeaders.ROLE, IdentityHeaders.ROLE_GATEWAY);
        sign(headers, claims);
    }

    private void sign(HttpHeaders headers, GatewaySignature.Claims claims) {
        headers.set(IdentityHeaders.SIGNATURE, GatewaySignature.sign(signer, claims, clock.instant()));
    }
}
