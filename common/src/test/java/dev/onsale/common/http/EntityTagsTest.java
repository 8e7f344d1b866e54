package dev.onsale.common.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EntityTagsTest {

    @Test
    void aTagDependsOnTheContentOnly() {
        assertThat(EntityTags.weak("{\"servingThrough\":3}"))
                .isEqualTo(EntityTags.weak("{\"servingThrough\":3}"))
                .isNotEqualTo(EntityTags.weak("{\"servingThrough\":4}"))
                .matches("W/\"[0-9a-f]{32}\"");
    }

    @Test
    void ifNoneMatchNamesATagAloneInAListWeaklyOrByStar() {
        String tag = EntityTags.weak("x");
        String opaque = tag.substring(2);
        assertThat(EntityTags.matches(tag, tag)).isTrue();
        assertThat(EntityTags.matches(opaque, tag)).isTrue();
        assertThat(EntityTags.matches("W/\"other\", " + tag, tag)).isTrue();
        assertThat(EntityTags.matches("*", tag)).isTrue();
        assertThat(EntityTags.matches("W/\"other\"", tag)).isFalse();
        assertThat(EntityTags.matches(null, tag)).isFalse();
        assertThat(EntityTags.matches("", tag)).isFalse();
    }
}
