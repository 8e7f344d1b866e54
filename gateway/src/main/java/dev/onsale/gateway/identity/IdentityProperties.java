package dev.onsale.gateway.identity;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Operator credentials the gateway checks, and the key it signs forwarded identities with.
 *
 * @param adminToken   bearer token of operators (ONSALE_ADMIN_TOKEN)
 * @param auditorToken bearer token of auditors, read-only access to /audit (ONSALE_AUDITOR_TOKEN)
 * @param key          HMAC key shared with the services only, at least 32 bytes (ONSALE_IDENTITY_KEY): signs
 *                     {@code X-Onsale-Signature} on every forwarded request
 */
@ConfigurationProperties("onsale.identity")
public record IdentityProperties(String adminToken, String auditorToken, String key) {

    public IdentityProperties {
        if (adminToken == null || adminToken.isBlank() || auditorToken == null || auditorToken.isBlank()) {
            throw new IllegalArgumentException("onsale.identity.admin-token and auditor-token must be set");
        }
        if (adminToken.equals(auditorToken)) {
            throw new IllegalArgumentException("the admin and the auditor token must differ");
        }
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("onsale.identity.key (ONSALE_IDENTITY_KEY) must be set");
        }
    }
}
