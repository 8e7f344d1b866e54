package dev.onsale.queue.admission;

import dev.onsale.common.token.AdmissionToken;
import dev.onsale.common.token.AdmissionTokenCodec;
import dev.onsale.common.token.HmacSigner;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;

/**
 * Signs admission tokens. A token is a pure function of the admission (id, session, event, expiry)
 * and the key, so every poll of one admission yields the same token.
 */
@Component
public class AdmissionTokens {

    private final AdmissionTokenCodec codec;

    AdmissionTokens(AdmissionProperties properties) {
        this.codec = new AdmissionTokenCodec(new HmacSigner(properties.key(), properties.previousKeys()));
    }

    public String token(UUID admissionId, UUID sessionId, UUID eventId, Instant expiresAt) {
        return codec.encode(new AdmissionToken(admissionId, sessionId, eventId, expiresAt));
    }
}
