package dev.onsale.queue.opening;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class OpeningOrderTest {

    private static final String SEED = "5f1d3c0a9b8e7d6c5f1d3c0a9b8e7d6c5f1d3c0a9b8e7d6c5f1d3c0a9b8e7d6c";
    private final List<String> sessions =
            IntStream.range(0, 1000).mapToObj(i -> UUID.randomUUID().toString()).toList();

    @Test
    void theSameSeedOverTheSameSessionsGivesTheSameOrderWhateverOrderTheyAreListedIn() {
        List<String> reversed = sessions.reversed();

        assertThat(OpeningOrder.of(SEED, reversed)).isEqualTo(OpeningOrder.of(SEED, sessions));
    }

    @Test
    void theOrderIsAPermutationOfTheSessions() {
        assertThat(OpeningOrder.of(SEED, sessions)).containsExactlyInAnyOrderElementsOf(sessions);
    }

    @Test
    void anotherSeedGivesAnotherOrder() {
        String other = SEED.replace('5', '6');

        assertThat(OpeningOrder.of(other, sessions)).isNotEqualTo(OpeningOrder.of(SEED, sessions));
    }
}
