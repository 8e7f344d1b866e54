package dev.onsale.payment.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Signs bodies the way the provider does, independently of the code under test. */
final class Signatures {

    private Signatures() {}

    /** Lower-case hex HMAC-SHA256({@code secret}, "&lt;t&gt;." + body). */
    static String sign(String secret, long t, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((t + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The header as the provider sends it: {@code t=<t>,v1=<signature>...}. */
    static String header(long t, String... signatures) {
        StringBuilder header = new StringBuilder("t=").append(t);
        for (String signature : signatures) {
            header.append(",v1=").append(signature);
        }
        return header.toString();
    }
}
