package dev.onsale.common.token;

import java.time.Instant;
import java.util.UUID;

/**
 * The waiting room let session {@code sessionId} in to event {@code eventId}: it may place holds
 * until {@code expiresAt}. {@code admissionId} names this admission (one live per session).
 */
public record AdmissionToken(UUID admissionId, UUID sessionId, UUID eventId, Instant expiresAt) {}
