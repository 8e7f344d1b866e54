package dev.onsale.gateway.identity;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.HmacSigner;
import java.time.Clock;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.stereotype.Component;

/**
 * The identity of a call the gateway makes itself on an operator's behalf (the dashboard's reads of each service),
 * signed as {@link IdentitySigner} signs a forwarded one: the role, the method, the raw path and the time. Only for
 * a request whose own caller the identity filter has already verified as that operator.
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
        headers.set(IdentityHeaders.SIGNATURE, GatewaySignature.sign(signer, claims, clock.instant()));
    }
}
