package dev.onsale.payment.webhook;

import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The provider's signed callbacks: which keys sign them, how old they may be, how large.
 *
 * @param secret HMAC-SHA256 key the provider signs with (env ONSALE_PAYMENT_WEBHOOK_SECRET); the default is
 *     local-only
 * @param previousSecrets keys being rotated out, still accepted (env ONSALE_PAYMENT_WEBHOOK_PREVIOUS_SECRETS, a comma
 *     list)
 * @param tolerance largest accepted distance between a signature's timestamp and our clock, in either direction
 * @param maxBody largest accepted body; a larger one is refused before it is verified
 */
@ConfigurationProperties("onsale.payment.webhook")
public record WebhookProperties(
        @DefaultValue(LOCAL_ONLY_SECRET) String secret,
        @DefaultValue("") List<String> previousSecrets,
        @DefaultValue("300s") Duration tolerance,
        @DefaultValue("64KB") DataSize maxBody) {

    /** The sandbox's own local default, so that a hand-started pair agrees; never to be used beyond a laptop. */
    static final String LOCAL_ONLY_SECRET = "whsec_local_only_not_a_secret";

    public WebhookProperties {
        if (secret == null || secret.isBlank()) {
            throw new IllegalArgumentException("onsale.payment.webhook.secret must not be blank");
        }
        previousSecrets = previousSecrets == null
                ? List.of()
                : previousSecrets.stream()
                        .map(String::strip)
                        .filter(s -> !s.isEmpty())
                        .toList();
        if (tolerance.isNegative() || tolerance.isZero()) {
            throw new IllegalArgumentException("onsale.payment.webhook.tolerance must be positive");
        }
        if (maxBody.toBytes() < 1 || maxBody.toBytes() > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("onsale.payment.webhook.max-body must be between 1 B and 2 GB");
        }
    }

    /** Every accepted key: the current one first. */
    List<String> secrets() {
        return Stream.concat(Stream.of(secret), previousSecrets.stream()).toList();
    }
}
