package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.onsale.benchmarks.RatioTable.Figure;
import dev.onsale.benchmarks.RatioTable.Row;
import dev.onsale.benchmarks.RatioTable.Target;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class RatioTableTest {

    private static final RatioTable TABLE = new RatioTable(
            List.of("heading"),
            List.of(
                    Row.rates("holds via the gateway / raw EVALSHA", 250, 2000, 0.10, "293 held"),
                    Row.figure("RSS gateway", Figure.megabytes(612.4), null, "pid 7"),
                    Row.unmeasured("progress", "wrk not on the PATH")));

    @Test
    void aRateIsTheSystemsShareOfTheRawAndIsCheckedAgainstItsTarget() {
        Row holds = Row.rates("holds", 244, 1988, 0.10, null);

        assertThat(holds.ratio()).isCloseTo(0.1227, within(0.0001));
        assertThat(holds.target()).isEqualTo(new Target(">= 0.10", true));
        assertThat(Row.rates("progress", 1000, 39000, 0.15, null).target().met())
                .isFalse();
    }

    @Test
    void aTimeIsTheRawsShareOfTheSystemsSoThatOneIsTheCeilingToo() {
        Row settle = Row.times("settle", 20, 16, null);

        assertThat(settle.ratio()).isEqualTo(0.8);
        assertThat(settle.cells()).containsExactly("settle", "20.00 s", "16.00 s", "0.800", "-", "");
    }

    @Test
    void aRawFigureOfZeroGivesNoRatioAndNoVerdict() {
        Row row = Row.rates("broken raw", 100, 0, 0.15, null);

        assertThat(row.ratio()).isNull();
        assertThat(row.target()).isNull();
    }

    @Test
    void aFigureUnderItsBoundMeetsItAndOneAtItDoesNot() {
        assertThat(Target.under(Figure.millis(3000), Figure.millis(2999)).met()).isTrue();
        assertThat(Target.under(Figure.millis(3000), Figure.millis(3000)).verdict())
                .isEqualTo("< 3,000 ms MISSED");
    }

    @Test
    void theTextAlignsEveryColumnButTheNoteAndRightAlignsTheFigures() {
        List<String> lines = TABLE.text().lines().toList();

        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).isEqualTo("heading");
        assertThat(lines.get(1)).startsWith("what").endsWith("note");
        assertThat(lines.get(2))
                .isEqualTo("holds via the gateway / raw EVALSHA   250/s  2,000/s  0.125  >= 0.10 met  293 held");
        assertThat(lines.get(3))
                .isEqualTo("RSS gateway                          612 MB        -      -  -            pid 7");
        assertThat(lines.get(4))
                .isEqualTo("progress                                  -        -      -  -            "
                        + "not measured: wrk not on the PATH");
        assertThat(lines.get(1).indexOf("raw") + "raw".length())
                .isEqualTo(lines.get(2).indexOf("2,000/s") + "2,000/s".length());
    }

    @Test
    void theJsonCarriesEachFigureAsANumberWithItsUnitAndNullsWhereThereIsNone() {
        JsonNode json = JsonMapper.builder().build().readTree(TABLE.json());

        assertThat(json.path("heading").get(0).asString()).isEqualTo("heading");
        JsonNode holds = json.path("rows").get(0);
        assertThat(holds.path("system").path("value").asDouble()).isEqualTo(250);
        assertThat(holds.path("raw").path("unit").asString()).isEqualTo("/s");
        assertThat(holds.path("ratio").asDouble()).isEqualTo(0.125);
        assertThat(holds.path("target").path("met").asBoolean()).isTrue();
        assertThat(json.path("rows").get(1).path("raw").isNull()).isTrue();
        JsonNode progress = json.path("rows").get(2);
        assertThat(progress.path("system").isNull()).isTrue();
        assertThat(progress.path("ratio").isNull()).isTrue();
        assertThat(progress.path("note").asString()).isEqualTo("not measured: wrk not on the PATH");
    }
}
