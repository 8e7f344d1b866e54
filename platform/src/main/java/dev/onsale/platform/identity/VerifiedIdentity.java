package dev.onsale.platform.identity;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;

/**
 * What the gateway vouched for on this request, once its signature verified: the raw values of
 * {@code X-Onsale-Buyer}, {@code X-Onsale-Role} and {@code X-Onsale-Admission} (null where not sent). Absent
 * from a request that carried no identity at all (an anonymous catalog read, a probe, a provider's webhook).
 * Nothing else may read those headers: a request that carries them unsigned never reaches a controller.
 */
public record VerifiedIdentity(String buyer, String role, String admission) {

    private static final String ATTRIBUTE = VerifiedIdentity.class.getName();

    void attachTo(HttpServletRequest request) {
        request.setAttribute(ATTRIBUTE, this);
    }

    public static Optional<VerifiedIdentity> of(HttpServletRequest request) {
        return Optional.ofNullable((VerifiedIdentity) request.getAttribute(ATTRIBUTE));
    }
}
