package dev.onsale.payment.provider;

import java.time.Duration;
import java.util.regex.Pattern;

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

    /**
     * Any other 4xx: the request is refused for good; {@code type}, {@code param} and {@code code} from the error
     * body. A code is kept only as one short snake_case word (e.g. {@code unknown_payment_method}): anything else
     * could carry what we sent, like the message, which is never kept.
     */
    record Rejected<T>(int status, String type, String param, String code) implements ProviderAnswer<T> {

        private static final Pattern CODE = Pattern.compile("[a-z][a-z0-9_]{0,63}");

        public Rejected {
            code = code != null && CODE.matcher(code).matches() ? code : null;
        }

        public Outcome outcome() {
            return Outcome.REJECTED;
        }

        /**
         * Why the request failed, for the buyer as much as for us: the provider's code when it gave one (as a
         * decline's failure code is), else {@link #detail()}. No request data in it.
         */
        public String reason() {
            return code != null ? code : detail();
        }

        /** Everything the refusal said but its message: {@code provider-rejected: <status> <type> <param> <code>}. */
        public String detail() {
            return "provider-rejected: " + status + (type == null ? "" : " " + type)
                    + (param == null ? "" : " " + param)
                    + (code == null ? "" : " " + code);
        }
    }
}
