package dev.onsale.booking.payment;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * A buyer's valid request to pay {@code orderId} with the payment-method token {@code paymentMethod}. Its
 * {@link #fingerprint()} is what a repeat under the same Idempotency-Key must match.
 */
public record PaymentRequest(UUID orderId, String paymentMethod) {

    /** A payment-method token as the provider issues it; nothing else (card data above all) is accepted. */
    /** A payment-method token as the provider issues it, never card data. */
    public static final String TOKEN_PATTERN = "^tok_[A-Za-z0-9_]{1,64}$";

    public static final Pattern TOKEN = Pattern.compile(TOKEN_PATTERN);

    public PaymentRequest {
        if (paymentMethod == null || !TOKEN.matcher(paymentMethod).matches()) {
            throw new IllegalArgumentException("paymentMethod is not a payment-method token");
        }
    }

    /** The body in its one canonical form: a repeat that differs only in spacing or escapes is the same request. */
    String canonicalBody() {
        return "{\"paymentMethod\":\"" + paymentMethod + "\"}";
    }

    /** Lower-case hex SHA-256 of the order id, a newline and the canonical body. */
    String fingerprint() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((orderId + "\n" + canonicalBody()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
