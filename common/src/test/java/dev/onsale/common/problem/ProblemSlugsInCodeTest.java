package dev.onsale.common.problem;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Fails the build when code or documentation names a problem the catalog does not have. The exceptions of the
 * gateway and the services take a {@link ProblemType}, so Java cannot emit an unlisted slug; this test covers what
 * the compiler cannot see: {@code /problems/<slug>} written out in sources (Java, scripts, pages) and in the READMEs.
 * The payment sandbox stands in for an outside provider with its own errors and is left out.
 */
class ProblemSlugsInCodeTest {

    private static final Pattern SLUG = Pattern.compile("/problems/([a-z][a-z0-9-]*[a-z0-9])");
    private static final List<String> SCANNED = List.of(".java", ".js", ".lua", ".html", ".yml", ".yaml", ".md");

    @Test
    void everyProblemNamedInTheSourcesAndTheReadmesIsInTheCatalog() throws IOException {
        Path root = repositoryRoot();
        Map<String, TreeSet<String>> unlisted = new TreeMap<>();
        int files = 0;
        for (Path file : scannedFiles(root)) {
            files++;
            Matcher slugs = SLUG.matcher(Files.readString(file));
            while (slugs.find()) {
                if (ProblemType.bySlug(slugs.group(1)).isEmpty()) {
                    unlisted.computeIfAbsent(slugs.group(1), s -> new TreeSet<>())
                            .add(root.relativize(file).toString());
                }
            }
        }
        assertThat(files).as("files scanned under %s", root).isGreaterThan(100);
        assertThat(unlisted)
                .as("problems named in code but missing from ProblemType")
                .isEmpty();
    }

    @Test
    void theScanFindsASlugThatIsNotListed() {
        Matcher slugs = SLUG.matcher("throw ... \"type\": \"/problems/seat-gone-missing\"");
        assertThat(slugs.find()).isTrue();
        assertThat(ProblemType.bySlug(slugs.group(1))).isEmpty();
    }

    /** The main sources of every module but the sandbox, and the Markdown at the root and in the modules. */
    private static List<Path> scannedFiles(Path root) throws IOException {
        try (Stream<Path> tree = Files.walk(root)) {
            return tree.filter(Files::isRegularFile)
                    .filter(file -> SCANNED.stream().anyMatch(file.getFileName().toString()::endsWith))
                    .filter(file -> {
                        Path relative = root.relativize(file);
                        String path = relative.toString().replace('\\', '/');
                        if (path.startsWith("payment-sandbox/")
                                || path.contains("/target/")
                                || path.startsWith(".")
                                || path.contains("node_modules/")) {
                            return false;
                        }
                        return path.contains("/src/main/") || path.endsWith(".md") && relative.getNameCount() <= 2;
                    })
                    .toList();
        }
    }

    private static Path repositoryRoot() {
        Path module = Path.of("").toAbsolutePath();
        Path root = module.getParent();
        try {
            assertThat(Files.readString(root.resolve("pom.xml")))
                    .as("the parent of %s is the repository", module)
                    .contains("<module>common</module>");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return root;
    }
}
