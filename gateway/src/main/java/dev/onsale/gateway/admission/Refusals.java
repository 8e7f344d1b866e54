package dev.onsale.gateway.admission;

import dev.onsale.common.token.AdmissionTokenCodec.Refusal;
import java.util.Locale;

/**
 * What a buyer is told when a hold is refused for want of a valid admission. A forged and a garbled
 * token read alike: telling them apart helps only someone probing the signature.
 */
final class Refusals {

    private Refusals() {}

    static String detail(Refusal refusal) {
        return switch (refusal) {
            case MISSING ->
                "Holding seats needs an admission from the waiting room. Join the queue for this event "
                        + "and wait until you are admitted.";
            case MALFORMED, BAD_SIGNATURE ->
                "This admission is not valid. Join the queue for this event again "
                        + "and wait until you are admitted.";
            case EXPIRED -> "Your admission has expired. Join the queue for this event again to be admitted anew.";
            case OTHER_SESSION ->
                "This admission was given to another session. Use the browser tab that waited "
                        + "in the queue, or join the queue again.";
            case OTHER_EVENT -> "This admission is for another event. Join the queue for this event.";
        };
    }

    /** The {@code reason} tag of the rejection counter: the refusal's name in lower case. */
    static String tag(Refusal refusal) {
        return refusal.name().toLowerCase(Locale.ROOT);
    }
}
