package dev.onsale.platform.identity;

import java.util.UUID;

/**
 * The buyer making a request, as the gateway vouched for it in {@code X-Onsale-Buyer}. Declare it as
 * a controller parameter: the request is refused with 401 when the header is absent or malformed.
 */
public record Buyer(UUID sessionId) {}
