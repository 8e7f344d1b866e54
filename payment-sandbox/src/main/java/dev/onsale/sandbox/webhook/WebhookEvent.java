package dev.onsale.sandbox.webhook;

/** The webhook body; {@code id} is the dedupe key (duplicates and retries carry the same one), {@code created} unix seconds. */
record WebhookEvent(String id, String type, long created, Object data) {}
