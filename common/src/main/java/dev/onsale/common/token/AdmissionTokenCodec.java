package dev.onsale.common.token;

import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Encodes and verifies admission tokens:
 * {@code a1.<admissionId>.<sessionId>.<eventId>.<expiresAtEpochSeconds>.<hmac>}. Issued by
 * queue-service, verified by the gateway without calling it; both share the key (and the previous
 * keys during a rotation). The HMAC covers everything before the last dot.
 */
public final class AdmissionTokenCodec {

    private static final String VERSION = "a1";
    private static final int PARTS = 6;

    /** Why a token was refused; the gateway counts refusals by reason. */
    public enum Refusal {
        MISSING,
        MALFORMED,
        BAD_SIGNATURE,
        EXPIRED,
        OTHER_SESSION,
        OTHER_EVENT
    }

    /** The outcome of checking a token for one session and event: the admission, or why not. */
    public record Verdict(AdmissionToken admission, Refusal refusal) {

        public boolean admitted() {
            return admission != null;
        }
    }

    private final HmacSigner signer;

    public AdmissionTokenCodec(HmacSigner signer) {
        this.signer = signer;
    }

    public String encode(AdmissionToken token) {
        String body = String.join(
                ".",
                VERSION,
                token.admissionId().toString(),
                token.sessionId().toString(),
                token.eventId().toString(),
                Long.toString(token.expiresAt().getEpochSecond()));
        return body + "." + signer.sign(body);
    }

    /**
     * Checks that {@code token} is well-formed, signed by an accepted key, unexpired at {@code now},
     * and was issued to {@code sessionId} for {@code eventId}.
     */
    public Verdict verify(String token, UUID sessionId, UUID eventId, Instant now) {
        if (token == null || token.isBlank()) {
            return refused(Refusal.MISSING);
        }
        String[] parts = token.split("\\.", -1);
        if (parts.length != PARTS || !VERSION.equals(parts[0])) {
            return refused(Refusal.MALFORMED);
        }
        String body = token.substring(0, token.lastIndexOf('.'));
        if (!signer.verify(body, parts[PARTS - 1])) {
            return refused(Refusal.BAD_SIGNATURE);
        }
        AdmissionToken admission;
        try {
            admission = new AdmissionToken(
                    UUID.fromString(parts[1]),
                    UUID.fromString(parts[2]),
                    UUID.fromString(parts[3]),
                    Instant.ofEpochSecond(Long.parseLong(parts[4])));
        } catch (IllegalArgumentException | java.time.DateTimeException malformed) {
            return refused(Refusal.MALFORMED);
        }
        if (!now.isBefore(admission.expiresAt())) {
            return refused(Refusal.EXPIRED);
        }
        if (!admission.sessionId().equals(sessionId)) {
            return refused(Refusal.OTHER_SESSION);
        }
        if (!admission.eventId().equals(eventId)) {
            return refused(Refusal.OTHER_EVENT);
        }
        return new Verdict(admission, null);
    }

    /** The admission a well-signed token carries, whoever presents it (for the issuer's own checks). */
    public Optional<AdmissionToken> decode(String token, Instant now) {
        if (token == null) {
            return Optional.empty();
        }
        String[] parts = token.split("\\.", -1);
        if (parts.length != PARTS) {
            return Optional.empty();
        }
        try {
            UUID session = UUID.fromString(parts[2]);
            UUID event = UUID.fromString(parts[3]);
            return Optional.ofNullable(verify(token, session, event, now).admission());
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    private static Verdict refused(Refusal refusal) {
        return new Verdict(null, refusal);
    }
}
