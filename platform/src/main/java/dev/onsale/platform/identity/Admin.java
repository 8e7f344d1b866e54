package dev.onsale.platform.identity;

/**
 * Proof that the gateway verified an admin token ({@code X-Onsale-Role: admin}). Declare it as a
 * controller parameter: any other caller gets 403 {@code forbidden}.
 */
public record Admin() {}
