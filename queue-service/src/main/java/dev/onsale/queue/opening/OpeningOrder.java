package dev.onsale.queue.opening;

import dev.onsale.common.token.HmacSigner;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The order in which an opening puts its pre-queue into the line: sessions sorted by the lower-case
 * hex HMAC-SHA256 of the session id (its UUID string) keyed with the UTF-8 bytes of the recorded seed,
 * ties (never seen in practice) by session id. Anyone holding the seed and the set of sessions can
 * recompute it; nobody can predict or influence it before the seed is drawn at the opening.
 */
public final class OpeningOrder {

    private OpeningOrder() {}

    public static List<String> of(String seed, Collection<String> sessions) {
        HmacSigner signer = new HmacSigner(seed);
        Map<String, String> rank =
                sessions.stream().distinct().collect(Collectors.toMap(Function.identity(), signer::signHex));
        return rank.keySet().stream()
                .sorted(Comparator.comparing((String session) -> rank.get(session))
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
    }
}
