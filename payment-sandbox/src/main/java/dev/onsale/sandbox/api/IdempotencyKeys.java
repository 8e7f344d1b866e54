package dev.onsale.sandbox.api;

import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.springframework.stereotype.Component;

/**
 * Idempotency keys, scoped per merchant and endpoint. The first request with a key creates its resource inside
 * the map's atomic compute, so concurrent requests with one key create exactly one; later requests with the
 * same body get the stored answer, with another body 422.
 */
@Component
public class IdempotencyKeys {

    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();

    /**
     * @param request the parsed body, compared with {@code equals} against the first request's
     * @param create makes the resource and returns the answer to replay; runs at most once per key
     */
    public <A> A once(String merchant, String endpoint, String key, Object request, Supplier<A> create) {
        validate(key);
        var entry =
                entries.computeIfAbsent(merchant + " " + endpoint + " " + key, k -> new Entry(request, create.get()));
        if (!entry.request().equals(request)) {
            throw ApiException.idempotencyReused(
                    "Keys for idempotent requests can only be used with the same parameters they were first used with");
        }
        @SuppressWarnings("unchecked")
        A answer = (A) entry.answer();
        return answer;
    }

    public static void validate(String key) {
        if (key == null || key.isBlank()) {
            throw ApiException.invalidRequest("The Idempotency-Key header is required")
                    .withParam("Idempotency-Key");
        }
        if (key.length() > 255) {
            throw ApiException.invalidRequest("Idempotency-Key must be at most 255 characters")
                    .withParam("Idempotency-Key");
        }
    }

    public void reset() {
        entries.clear();
    }

    private record Entry(Object request, Object answer) {}
}
