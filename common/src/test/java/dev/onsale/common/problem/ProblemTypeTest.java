package dev.onsale.common.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The catalog itself: each entry a slug, a status, a title and an explanation a buyer can act on. */
class ProblemTypeTest {

    @Test
    void everyEntryHasAUniqueSlugAnErrorStatusATitleAndAnExplanation() {
        assertThat(Arrays.stream(ProblemType.values()).map(ProblemType::slug)).doesNotHaveDuplicates();
        assertThat(Arrays.stream(ProblemType.values()).map(ProblemType::title)).doesNotHaveDuplicates();
        for (ProblemType type : ProblemType.values()) {
            assertThat(type.slug())
                    .as(type.name())
                    .matches("[a-z]+(-[a-z]+)*")
                    .isEqualTo(type.name().toLowerCase().replace('_', '-'));
            assertThat(type.status()).as(type.slug()).isBetween(400, 599);
            assertThat(type.title()).as(type.slug()).matches("[A-Z][a-z]*( [a-zA-Z-]+)*");
            assertThat(type.explanation())
                    .as(type.slug())
                    .hasSizeGreaterThan(20)
                    .endsWith(".");
            assertThat(type.typeUri()).isEqualTo("/problems/" + type.slug());
            assertThat(ProblemType.bySlug(type.slug())).contains(type);
        }
    }

    @Test
    void aSlugThatIsNotListedResolvesToNothing() {
        assertThat(ProblemType.bySlug("no-such-problem")).isEmpty();
        assertThat(ProblemType.bySlug("Sold-Out")).isEmpty();
    }
}
