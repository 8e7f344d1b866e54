package dev.onsale.common.token;

import java.time.Instant;
import java.util.UUID;

/** A verified buyer session: its id is what services see in {@code X-Onsale-Buyer}. */
public record SessionToken(UUID sessionId, Instant expiresAt) {}
