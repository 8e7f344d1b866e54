package dev.onsale.platform.messaging;

/**
 * A message that can never be processed: missing envelope headers, an unknown event type, or a
 * payload that does not fit its contract. Retrying it cannot help; consumers skip it (and log it).
 */
public class MalformedEnvelopeException extends RuntimeException {

    public MalformedEnvelopeException(String message) {
        super(message);
    }

    public MalformedEnvelopeException(String message, Throwable cause) {
        super(message, cause);
    }
}
