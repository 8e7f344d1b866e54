package dev.onsale.platform.identity;

/**
 * A caller allowed to read audit data: the gateway verified an auditor or an admin token. Declare
 * it as a controller parameter: any other caller gets 403 {@code forbidden}.
 */
public record Auditor(String role) {}
