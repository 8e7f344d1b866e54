package dev.onsale.inventory.hold.web;

import java.util.UUID;

/**
 * Proof that the gateway verified an admission token for this session and event
 * ({@code X-Onsale-Admission}). Declare it as a controller parameter: a request without one is
 * refused with 403 {@code admission-required}.
 */
record Admission(UUID admissionId) {}
