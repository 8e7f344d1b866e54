package dev.onsale.gateway.soldout;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class SoldOutWordTest {

    private static final long SECOND = 1_000_000_000L;
    private static final UUID EVENT = UUID.randomUUID();

    private final SoldOutWord word =
            new SoldOutWord(new SoldOutProperties(true, 256, Duration.ofSeconds(1), Duration.ofSeconds(5)));

    @Test
    void theGatesAnnouncementThatNoSeatIsFreeStandsForItsTimeAndNoLonger() {
        assertThat(word.noneFree(EVENT, 0)).isEmpty();

        word.announced(EVENT, 0, false, Duration.ZERO, 10 * SECOND);

        SoldOutWord.Word noneFree = word.noneFree(EVENT, 10 * SECOND).orElseThrow();
        assertThat(noneFree.forGood()).isFalse();
        assertThat(noneFree.retryAfter()).isEqualTo(Duration.ofSeconds(5));
        assertThat(word.noneFree(EVENT, 11 * SECOND - 1)).isPresent();
        assertThat(word.noneFree(EVENT, 11 * SECOND)).isEmpty();
        assertThat(word.noneFree(UUID.randomUUID(), 10 * SECOND))
                .as("another event")
                .isEmpty();
    }

    @Test
    void anAnnouncementReadLateStandsOnlyForWhatIsLeftOfItsTime() {
        word.announced(EVENT, 0, false, Duration.ofMillis(700), 10 * SECOND);
        assertThat(word.noneFree(EVENT, 10 * SECOND + 299_000_000L)).isPresent();
        assertThat(word.noneFree(EVENT, 10 * SECOND + 300_000_000L)).isEmpty();

        word.announced(EVENT, 0, false, Duration.ofSeconds(2), 20 * SECOND);
        assertThat(word.noneFree(EVENT, 20 * SECOND))
                .as("older than a word stands")
                .isEmpty();
    }

    @Test
    void aSeatComingFreeEndsTheWordAtOnce() {
        word.announced(EVENT, 0, false, Duration.ZERO, 10 * SECOND);
        word.announced(EVENT, 1, false, Duration.ZERO, 10 * SECOND + 5);
        assertThat(word.noneFree(EVENT, 10 * SECOND + 6)).isEmpty();
    }

    @Test
    void aRefusalRenewsTheWordWithTheGatesOwnRetryAfterOrForGood() {
        word.refused(EVENT, 10 * SECOND, Optional.of(Duration.ofSeconds(7)), 10 * SECOND + 100);
        SoldOutWord.Word noneFree = word.noneFree(EVENT, 10 * SECOND + 100).orElseThrow();
        assertThat(noneFree.forGood()).isFalse();
        assertThat(noneFree.retryAfter()).isEqualTo(Duration.ofSeconds(7));
        assertThat(word.noneFree(EVENT, 11 * SECOND + 99)).isPresent();

        word.refused(EVENT, 11 * SECOND, Optional.empty(), 11 * SECOND + 50);
        assertThat(word.noneFree(EVENT, 12 * SECOND).orElseThrow().forGood())
                .as("refused without Retry-After: none can come back")
                .isTrue();
    }

    @Test
    void aRefusalOfAHoldSentBeforeASeatCameFreeIsNotTakenForTheGatesWord() {
        word.announced(EVENT, 0, false, Duration.ZERO, 10 * SECOND);
        word.announced(EVENT, 2, false, Duration.ZERO, 10 * SECOND + 50);

        word.refused(EVENT, 10 * SECOND + 20, Optional.of(Duration.ofSeconds(5)), 10 * SECOND + 80);
        assertThat(word.noneFree(EVENT, 10 * SECOND + 90))
                .as("sent before the seat came free: the gate may have refused it before")
                .isEmpty();

        word.refused(EVENT, 10 * SECOND + 60, Optional.of(Duration.ofSeconds(5)), 10 * SECOND + 90);
        assertThat(word.noneFree(EVENT, 10 * SECOND + 95))
                .as("sent after it: the gate refused it with that seat already counted")
                .isPresent();
    }
}
