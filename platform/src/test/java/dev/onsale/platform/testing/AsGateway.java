package dev.onsale.platform.testing;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.HmacSigner;
import java.net.http.HttpRequest;
import java.time.Instant;

/**
 * Tests that call a service directly do what the gateway does: {@link #sign} adds {@code X-Onsale-Signature}
 * over the identity headers a request already carries, its method and its path, under the local-only key the
 * services run with by default ({@code onsale-platform.yml}). A request with no identity header is left
 * unsigned, as an anonymous caller's would be.
 */
public final class AsGateway {

    /** The local-only default of {@code onsale.identity.key}, as in {@code onsale-platform.yml}. */
    public static final String LOCAL_KEY = "local-only-identity-key-change-me-in-production";

    private static final HmacSigner SIGNER = new HmacSigner(LOCAL_KEY);

    private AsGateway() {}

    /** {@code request} as the gateway forwards it, signed now. */
    public static HttpRequest sign(HttpRequest request) {
        return sign(request, Instant.now());
    }

    /** {@code request} signed at {@code at}, with the local key. */
    public static HttpRequest sign(HttpRequest request, Instant at) {
        if (!carriesIdentity(request)) {
            return request;
        }
        var claims = claims(request);
        return HttpRequest.newBuilder(request, (name, value) -> true)
                .header(IdentityHeaders.SIGNATURE, GatewaySignature.sign(SIGNER, claims, at))
                .build();
    }

    /** What the gateway would sign for {@code request}: its identity headers, method and raw path. */
    public static GatewaySignature.Claims claims(HttpRequest request) {
        return new GatewaySignature.Claims(
                request.method(),
                request.uri().getRawPath(),
                header(request, IdentityHeaders.BUYER),
                header(request, IdentityHeaders.ROLE),
                header(request, IdentityHeaders.ADMISSION),
                header(request, IdentityHeaders.DEADLINE));
    }

    private static boolean carriesIdentity(HttpRequest request) {
        return claims(request).identifiesSomeone();
    }

    private static String header(HttpRequest request, String name) {
        return request.headers().firstValue(name).orElse(null);
    }
}
