package dev.onsale.launcher;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The tokens and keys a stack's processes share, each given only to the processes that need it (see {@link Stack}).
 * Every HMAC key has at least 32 bytes.
 *
 * @param adminToken   operators' bearer token
 * @param auditorToken auditors' bearer token
 * @param sessionKey   HMAC key of session tokens
 * @param admissionKey HMAC key of admission tokens, shared by queue-service and the gateway
 * @param identityKey  HMAC key the gateway signs forwarded identities with and the services verify; nothing else
 *                     holds it
 */
public record StackSecrets(
        String adminToken, String auditorToken, String sessionKey, String admissionKey, String identityKey) {

    static final String LOCAL_ADMIN_TOKEN = "local-admin-token";
    static final String LOCAL_AUDITOR_TOKEN = "local-auditor-token";

    public StackSecrets {
        requireKey("session", sessionKey);
        requireKey("admission", admissionKey);
        requireKey("identity", identityKey);
    }

    /**
     * Each token and key from {@code env} when set there ({@code ONSALE_ADMIN_TOKEN}, {@code ONSALE_AUDITOR_TOKEN},
     * {@code ONSALE_SESSION_KEY}, {@code ONSALE_ADMISSION_KEY}, {@code ONSALE_IDENTITY_KEY}); otherwise the documented
     * local tokens, and keys random per stack.
     */
    static StackSecrets fromEnvironment(Map<String, String> env) {
        return new StackSecrets(
                nonBlank(env.get("ONSALE_ADMIN_TOKEN")).orElse(LOCAL_ADMIN_TOKEN),
                nonBlank(env.get("ONSALE_AUDITOR_TOKEN")).orElse(LOCAL_AUDITOR_TOKEN),
                nonBlank(env.get("ONSALE_SESSION_KEY")).orElseGet(SessionKeys::random),
                nonBlank(env.get("ONSALE_ADMISSION_KEY")).orElseGet(SessionKeys::random),
                nonBlank(env.get("ONSALE_IDENTITY_KEY")).orElseGet(SessionKeys::random));
    }

    /** Names the tokens and keys but never shows them, so that a printed or logged configuration holds no secret. */
    @Override
    public String toString() {
        return "StackSecrets[adminToken, auditorToken, sessionKey, admissionKey, identityKey: not shown]";
    }

    private static Optional<String> nonBlank(String value) {
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
    }

    private static void requireKey(String name, String key) {
        if (key.getBytes(StandardCharsets.UTF_8).length < 32) {
            throw new IllegalArgumentException("the " + name + " key must have at least 32 bytes");
        }
    }
}
