package dev.onsale.platform.identity;

/**
 * Proof that the gateway itself made this call ({@code X-Onsale-Role: gateway}), on behalf of the sessions it has
 * just created and names in the body: no buyer's, operator's or auditor's token maps to this role. Declare it as a
 * controller parameter: any other caller gets 403 {@code forbidden}.
 */
public record Gateway() {}
