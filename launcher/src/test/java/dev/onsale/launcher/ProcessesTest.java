package dev.onsale.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessesTest {

    @TempDir
    Path dir;

    @Test
    void theTailOfALogIsItsLastLines() throws Exception {
        Path log = dir.resolve("x.log");
        Files.writeString(log, "one\ntwo\nthree\n");
        assertThat(Processes.tail(log, 2)).isEqualTo("two\nthree");
        assertThat(Processes.tail(dir.resolve("missing.log"), 2)).isEmpty();
    }

    @Test
    void aStructuredLineWithAStackTraceShowsItsRootCause() {
        String line =
                "{\"message\":\"Application run failed\",\"stack_trace\":\"java.lang.IllegalStateException: outer\\n\\tat a.B.c(B.java:1)"
                        + "\\n\\tat d.E.f(E.java:2)\\nCaused by: java.lang.NoClassDefFoundError: com/x/Y\\n\\tat g.H.i(H.java:3)\"}";
        String readable = Processes.readable(line);
        assertThat(readable)
                .contains(
                        "Application run failed",
                        "IllegalStateException: outer",
                        "Caused by: java.lang.NoClassDefFoundError: com/x/Y")
                .doesNotContain("B.java");
    }

    @Test
    void anOverlongLineIsCut() {
        assertThat(Processes.readable("x".repeat(5000))).hasSizeLessThan(700).endsWith("...");
    }
}
