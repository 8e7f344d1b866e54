package dev.onsale.common.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/problems.md, the reference clients read, lists exactly the catalog: every type with its status and title. */
class ProblemReferenceTest {

    private static final Pattern ROW = Pattern.compile("^\\| (\\d{3}) \\| `/problems/([a-z0-9-]+)` \\| ([^|]+) \\|");

    @Test
    void theReferenceHasOneRowPerProblemWithItsStatusAndTitle() throws IOException {
        List<String> rows = rows(Files.readString(docs().resolve("problems.md")));
        List<String> catalog = Arrays.stream(ProblemType.values())
                .map(type -> row(type.status(), type.slug(), type.title()))
                .sorted()
                .toList();
        assertThat(rows.stream().sorted().toList()).isEqualTo(catalog);
    }

    @Test
    void aRowWithAnotherStatusThanTheCatalogsIsSeen() {
        List<String> rows = rows("| 404 | `/problems/sold-out` | Sold out | when | what |\n");
        assertThat(rows).containsExactly(row(404, "sold-out", "Sold out"));
        assertThat(rows).doesNotContain(row(ProblemType.SOLD_OUT.status(), "sold-out", "Sold out"));
    }

    private static List<String> rows(String markdown) {
        return markdown.lines()
                .map(ROW::matcher)
                .filter(Matcher::find)
                .map(m ->
                        row(Integer.parseInt(m.group(1)), m.group(2), m.group(3).strip()))
                .toList();
    }

    private static String row(int status, String slug, String title) {
        return status + " " + slug + " " + title;
    }

    private static Path docs() {
        return Path.of("").toAbsolutePath().getParent().resolve("docs");
    }
}
