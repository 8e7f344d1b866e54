package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class OptionsTest {

    @Test
    void aMisspeltOptionIsRefusedNamingItInsteadOfRunningWithTheDefault() {
        assertThatThrownBy(
                        () -> Options.parse(new String[] {"--buyer=10", "--seats=5", "--sead=1"}, Benchmarks.OPTIONS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown options --buyer, --sead; ./onsale bench help lists them all");
        assertThat(Options.parse(new String[] {"--buyers=10", "--chaos"}, Benchmarks.OPTIONS)
                        .text("buyers", "5000"))
                .isEqualTo("10");
    }

    @Test
    void helpIsAskedForByHelpOrDashDashHelpAnywhere() {
        assertThat(Benchmarks.asksForHelp("--help")).isTrue();
        assertThat(Benchmarks.asksForHelp("-h")).isTrue();
        assertThat(Benchmarks.asksForHelp("help")).isTrue();
        assertThat(Benchmarks.asksForHelp("--helpful=1")).isFalse();
    }

    /** The usage is the list of options accepted: every option the code reads by name must be in it. */
    @Test
    void everyOptionTheCodeReadsIsInTheUsage() throws IOException {
        Pattern read = Pattern.compile("\\.(?:text|number|decimal|orElse)\\(\\s*\"([a-z][a-z0-9-]*)\"");
        Set<String> reads = new TreeSet<>();
        try (Stream<Path> sources = Files.list(Path.of("src/main/java/dev/onsale/benchmarks"))) {
            for (Path source : sources.toList()) {
                Matcher name = read.matcher(Files.readString(source));
                while (name.find()) {
                    reads.add(name.group(1));
                }
            }
        }
        assertThat(reads).contains("buyers", "chaos-scale", "release-idle-ms", "arrival", "db-url");
        assertThat(Benchmarks.OPTIONS).containsAll(reads);
        assertThat(Options.namedIn("[--a-b=1] --c (--d-e)")).containsExactlyInAnyOrder("a-b", "c", "d-e");
    }
}
