package dev.onsale.gateway.identity;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Operator credentials the gateway checks.
 *
 * @param adminToken   bearer token of operators (ONSALE_ADMIN_TOKEN)
 * @param auditorToken bearer token of auditors, read-only access to /audit (ONSALE_AUDITOR_TOKEN)
 */
@ConfigurationProperties("onsale.identity")
public record IdentityProperties(String adminToken, String auditorToken) {

    public IdentityProperties {
        if (adminToken == null || adminToken.isBlank() || auditorToken == null || auditorToken.isBlank()) {
            throw new IllegalArgumentException("onsale.identity.admin-token and auditor-token must be set");
        }
        if (adminToken.equals(auditorToken)) {
            throw new IllegalArgumentException("the admin and the auditor token must differ");
        }
    }
}
