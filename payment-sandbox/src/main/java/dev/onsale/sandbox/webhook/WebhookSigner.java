package dev.onsale.sandbox.webhook;

import dev.onsale.sandbox.settings.SandboxProperties;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Component;

/**
 * {@code Onsale-Signature: t=<unix>,v1=<hex HMAC-SHA256("<t>.<body>")>} — one v1 for the current secret first,
 * then one per previous secret still being rotated out.
 */
@Component
class WebhookSigner {

    static final String HEADER = "Onsale-Signature";

    private final List<String> secrets;

    WebhookSigner(SandboxProperties properties) {
        var all = new ArrayList<String>();
        all.add(properties.webhookSecret());
        all.addAll(properties.webhookPreviousSecrets());
        this.secrets = List.copyOf(all);
    }

    String sign(long unixSeconds, String body) {
        var header = new StringBuilder("t=").append(unixSeconds);
        for (var secret : secrets) header.append(",v1=").append(hmac(secret, unixSeconds + "." + body));
        return header.toString();
    }

    static String hmac(String secret, String payload) {
        try {
            var mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(payload.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
