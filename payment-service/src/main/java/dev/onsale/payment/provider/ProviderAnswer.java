package dev.onsale.payment.provider;

import java.time.Duration;

/** The acquirer's answer to one call, by what the caller must do next. */
public sealed interface ProviderAnswer<T> {

    Outcome outcome();

    /** 2xx: {@code body} is the resource (a charge or a refund). */
    record Accepted<T>(T body) implements ProviderAnswer<T> {
        public Outcome outcome() {
            return Outcome.ACCEPTED;
        }
    }

    /** 429: call again, with the same key, no sooner than {@code retryAfter}. */
    record RateLimited<T>(Duration retryAfter) implements ProviderAnswer<T> {
        public Outcome outcome() {
            return Outcome.RATE_LIMITED;
        }
    }

    /** Timeout, connection failure or 5xx ({@code outcome} says which): call again later with the same key. */
    record Unavailable<T>(Outcome outcome, String detail) implements ProviderAnswer<T> {}

    /** Any other 4xx: the request is refused for good; {@code type} and {@code param} from the error body. */
    record Rejected<T>(int status, String type, String param) implements ProviderAnswer<T> {
        public Outcome outcome() {
            return Outcome.REJECTED;
        }

        /** A short reason with no request data in it (the message may echo what we sent). */
        public String reason() {
            return "provider-rejected: " + status + (type == null ? "" : " " + type)
                    + (param == null ? "" : " " + param);
        }
    }
}
