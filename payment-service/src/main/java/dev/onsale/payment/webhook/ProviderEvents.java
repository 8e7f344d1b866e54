package dev.onsale.payment.webhook;

import dev.onsale.payment.settlement.ProviderCharge;
import dev.onsale.payment.settlement.ProviderRefund;
import dev.onsale.payment.webhook.ProviderEvent.ChargeObserved;
import dev.onsale.payment.webhook.ProviderEvent.Observation;
import dev.onsale.payment.webhook.ProviderEvent.Other;
import dev.onsale.payment.webhook.ProviderEvent.RefundObserved;
import dev.onsale.platform.web.FieldError;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads verified webhook bodies. A tolerant reader of what the provider adds (fields we do not use are ignored),
 * strict about what we use: each such field present, of its type and within its bounds (a status one of the
 * contract's), and no key twice. The charge ({@code ChargeView}) and refund ({@code RefundView}) are mapped to
 * settlement's records here, so that settlement never sees the provider's JSON. Thread-safe.
 */
final class ProviderEvents {

    /** Event types this service acts on. */
    static final String CHARGE_SUCCEEDED = "charge.succeeded";

    static final String CHARGE_FAILED = "charge.failed";
    static final String REFUND_SUCCEEDED = "refund.succeeded";

    /** Longest event, charge or refund id kept ({@code payment.webhook_events.event_id} is bounded alike). */
    static final int MAX_ID_LENGTH = 255;

    private static final int MAX_TYPE_LENGTH = 100;
    private static final int MAX_CODE_LENGTH = 100;
    private static final Pattern UUID_TEXT =
            Pattern.compile("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$");
    private static final Pattern CURRENCY = Pattern.compile("^[A-Z]{3}$");
    /** The statuses of the provider's contract: a charge's, a refund's (refunds succeed or are refused). */
    private static final Set<String> CHARGE_STATUSES = Set.of("PENDING", "SUCCEEDED", "DECLINED");

    private static final Set<String> REFUND_STATUSES = Set.of("SUCCEEDED");

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private ProviderEvents() {}

    /**
     * The event in {@code body}.
     *
     * @throws MalformedEvent naming the first field that is missing or wrong (never its value)
     */
    static ProviderEvent read(byte[] body) {
        JsonNode root;
        try {
            root = JSON.readTree(body);
        } catch (JacksonException e) {
            throw new MalformedEvent(new FieldError("body", "is not a JSON document"));
        }
        if (root == null || !root.isObject()) {
            throw new MalformedEvent(new FieldError("body", "must be a JSON object"));
        }
        String id = text(root, "id", "id", MAX_ID_LENGTH);
        String type = text(root, "type", "type", MAX_TYPE_LENGTH);
        long created = wholeNumber(root, "created", "created");
        JsonNode data = root.get("data");
        if (data == null || !data.isObject()) {
            throw new MalformedEvent(new FieldError("data", "must be an object"));
        }
        return new ProviderEvent(id, type, created, observation(type, data));
    }

    private static Observation observation(String type, JsonNode data) {
        return switch (type) {
            case CHARGE_SUCCEEDED, CHARGE_FAILED ->
                new ChargeObserved(new ProviderCharge(
                        text(data, "id", "data.id", MAX_ID_LENGTH),
                        uuid(data, "orderId", "data.orderId"),
                        wholeNumber(data, "amountCents", "data.amountCents"),
                        currency(data, "currency", "data.currency"),
                        status(data, CHARGE_STATUSES),
                        optionalText(data, "failureCode", "data.failureCode", MAX_CODE_LENGTH)));
            case REFUND_SUCCEEDED ->
                new RefundObserved(new ProviderRefund(
                        text(data, "id", "data.id", MAX_ID_LENGTH),
                        text(data, "chargeId", "data.chargeId", MAX_ID_LENGTH),
                        uuid(data, "orderId", "data.orderId"),
                        wholeNumber(data, "amountCents", "data.amountCents"),
                        status(data, REFUND_STATUSES)));
            default -> new Other();
        };
    }

    private static String text(JsonNode node, String name, String path, int maxLength) {
        JsonNode value = node.get(name);
        if (value == null || !value.isString() || value.stringValue().isBlank()) {
            throw new MalformedEvent(new FieldError(path, "must be a non-empty string"));
        }
        if (value.stringValue().length() > maxLength) {
            throw new MalformedEvent(new FieldError(path, "must be at most " + maxLength + " characters"));
        }
        return value.stringValue();
    }

    private static String status(JsonNode data, Set<String> known) {
        JsonNode value = data.get("status");
        if (value == null || !value.isString() || !known.contains(value.stringValue())) {
            throw new MalformedEvent(new FieldError(
                    "data.status", "must be one of " + known.stream().sorted().toList()));
        }
        return value.stringValue();
    }

    private static String optionalText(JsonNode node, String name, String path, int maxLength) {
        JsonNode value = node.get(name);
        return value == null || value.isNull() ? null : text(node, name, path, maxLength);
    }

    private static long wholeNumber(JsonNode node, String name, String path) {
        JsonNode value = node.get(name);
        if (value == null || !value.isIntegralNumber() || !value.canConvertToLong() || value.longValue() < 0) {
            throw new MalformedEvent(new FieldError(path, "must be a whole number, at least 0"));
        }
        return value.longValue();
    }

    private static UUID uuid(JsonNode node, String name, String path) {
        JsonNode value = node.get(name);
        if (value == null
                || !value.isString()
                || !UUID_TEXT.matcher(value.stringValue()).matches()) {
            throw new MalformedEvent(new FieldError(path, "must be a UUID"));
        }
        return UUID.fromString(value.stringValue());
    }

    private static String currency(JsonNode node, String name, String path) {
        JsonNode value = node.get(name);
        if (value == null
                || !value.isString()
                || !CURRENCY.matcher(value.stringValue()).matches()) {
            throw new MalformedEvent(new FieldError(path, "must be an ISO-4217 code"));
        }
        return value.stringValue();
    }

    /** A verified body that is not a webhook event we can read; {@link #error()} names the field. */
    static final class MalformedEvent extends RuntimeException {

        private final transient FieldError error;

        MalformedEvent(FieldError error) {
            super(error.field() + " " + error.message(), null, false, false);
            this.error = error;
        }

        FieldError error() {
            return error;
        }
    }
}
