package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.EnumMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BuyerMixTest {

    @Test
    void withoutOptionsEveryBuyerIsPlainAsBenchSaleMeasuresThem() {
        BuyerMix mix = BuyerMix.of(Options.parse(new String[0]));

        assertThat(mix.percent(Behaviour.PLAIN)).isEqualTo(100);
        assertThat(mix.describe()).isEqualTo("plain buyers only");
        Random random = new Random(1);
        for (int i = 0; i < 1000; i++) {
            assertThat(mix.draw(random)).isEqualTo(Behaviour.PLAIN);
        }
    }

    @Test
    void theRehearsalHasEveryBehaviourAtASmallShareUnlessGivenOtherwise() {
        BuyerMix mix = BuyerMix.of(
                BuyerMix.withRehearsalDefaults(Options.parse(new String[] {"--bot-percent=0", "--tabs-percent=7.5"})));

        assertThat(mix.percent(Behaviour.DECLINE)).isEqualTo(3);
        assertThat(mix.percent(Behaviour.DOUBLE_CLICK)).isEqualTo(3);
        assertThat(mix.percent(Behaviour.HAMMER)).isEqualTo(1);
        assertThat(mix.percent(Behaviour.TABS)).isEqualTo(7.5);
        assertThat(mix.percent(Behaviour.BOT)).isZero();
        assertThat(mix.percent(Behaviour.PLAIN)).isEqualTo(85.5);
        assertThat(mix.describe()).isEqualTo("decline 3%, double-click 3%, tabs 7.5%, hammer 1%");
        assertThat(BuyerMix.REHEARSAL_DEFAULTS)
                .allSatisfy(
                        (behaviour, percent) -> assertThat(percent).isPositive().isLessThanOrEqualTo(5));
    }

    @Test
    void eachShareTakesItsPartOfTheDrawInTurn() {
        BuyerMix mix = new BuyerMix(Map.of(Behaviour.DECLINE, 10.0, Behaviour.BOT, 5.0));

        assertThat(mix.behaviourAt(0.0)).isEqualTo(Behaviour.DECLINE);
        assertThat(mix.behaviourAt(0.0999)).isEqualTo(Behaviour.DECLINE);
        assertThat(mix.behaviourAt(0.1)).isEqualTo(Behaviour.BOT);
        assertThat(mix.behaviourAt(0.1499)).isEqualTo(Behaviour.BOT);
        assertThat(mix.behaviourAt(0.15)).isEqualTo(Behaviour.PLAIN);
        assertThat(mix.behaviourAt(0.9999)).isEqualTo(Behaviour.PLAIN);
    }

    @Test
    void aSeedDrawsTheSameBuyersAndTheSharesComeOutAsGiven() {
        BuyerMix mix = BuyerMix.of(Options.parse(new String[] {
            "--decline-percent=5",
            "--double-click-percent=5",
            "--tabs-percent=3",
            "--hammer-percent=3",
            "--bot-percent=3"
        }));

        Map<Behaviour, Integer> once = counts(mix, 7, 100_000);
        assertThat(counts(mix, 7, 100_000)).isEqualTo(once);
        assertThat(once.get(Behaviour.DECLINE)).isBetween(4_700, 5_300);
        assertThat(once.get(Behaviour.BOT)).isBetween(2_700, 3_300);
        assertThat(once.get(Behaviour.PLAIN)).isBetween(80_500, 81_500);
    }

    @Test
    void aShareOutOfRangeOrNotANumberOrSharesAboveAllBuyersAreRefusedNamingTheOption() {
        assertThatThrownBy(() -> BuyerMix.of(Options.parse(new String[] {"--bot-percent=120"})))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--bot-percent");
        assertThatThrownBy(() -> BuyerMix.of(Options.parse(new String[] {"--hammer-percent=-1"})))
                .hasMessageContaining("--hammer-percent");
        assertThatThrownBy(() -> BuyerMix.of(Options.parse(new String[] {"--tabs-percent=some"})))
                .hasMessageContaining("--tabs-percent must be a number");
        assertThatThrownBy(() -> BuyerMix.of(Options.parse(new String[] {"--decline-percent=60", "--bot-percent=50"})))
                .hasMessageContaining("more than 100%");
        assertThatThrownBy(() -> new BuyerMix(Map.of(Behaviour.PLAIN, 10.0))).hasMessageContaining("the rest");
    }

    @Test
    void onlyTheBuyersWhoseBehaviourIsInPayingAlwaysPay() {
        assertThat(Checkout.Plan.of(Behaviour.DECLINE, false)).isEqualTo(new Checkout.Plan(true, true, false));
        assertThat(Checkout.Plan.of(Behaviour.DOUBLE_CLICK, false)).isEqualTo(new Checkout.Plan(true, false, true));
        assertThat(Checkout.Plan.of(Behaviour.TABS, false)).isEqualTo(new Checkout.Plan(false, false, false));
        assertThat(Checkout.Plan.of(Behaviour.HAMMER, true)).isEqualTo(new Checkout.Plan(true, false, false));
    }

    private static Map<Behaviour, Integer> counts(BuyerMix mix, long seed, int buyers) {
        Map<Behaviour, Integer> counts = new EnumMap<>(Behaviour.class);
        Random random = new Random(seed);
        for (int i = 0; i < buyers; i++) {
            counts.merge(mix.draw(random), 1, Integer::sum);
        }
        return counts;
    }
}
