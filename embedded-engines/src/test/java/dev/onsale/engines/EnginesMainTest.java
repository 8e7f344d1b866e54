package dev.onsale.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnginesMainTest {

    @TempDir
    Path dir;

    @Test
    void optionsAreNameValuePairs() {
        assertThat(EnginesMain.parse(new String[] {"--kafka-port=0", "--work-dir=/tmp/x=y"}))
                .containsEntry("kafka-port", "0")
                .containsEntry("work-dir", "/tmp/x=y");
        assertThatThrownBy(() -> EnginesMain.parse(new String[] {"kafka-port"}))
                .hasMessageContaining("expected --name=value");
    }

    @Test
    void portsToAvoidAreACommaSeparatedList() {
        assertThat(EnginesMain.portsOption(
                        EnginesMain.parse(new String[] {"--avoid-ports=20001, 20002,31000"}), "avoid-ports"))
                .containsExactlyInAnyOrder(20001, 20002, 31000);
        assertThat(EnginesMain.portsOption(EnginesMain.parse(new String[] {}), "avoid-ports"))
                .isEmpty();
        assertThatThrownBy(() -> EnginesMain.portsOption(
                        EnginesMain.parse(new String[] {"--avoid-ports=20001,x"}), "avoid-ports"))
                .hasMessageContaining("--avoid-ports must list port numbers");
    }

    @Test
    void theReadyFileAppearsCompleteAndReplacesAnOldOne() throws Exception {
        Path ready = dir.resolve("sub/engines.ready");
        var properties = new Properties();
        properties.setProperty("ONSALE_DB_URL", "jdbc:postgresql://localhost:1/onsale");
        properties.setProperty("pid", "42");
        EnginesMain.writeAtomically(ready, properties);
        properties.setProperty("pid", "43");
        EnginesMain.writeAtomically(ready, properties);

        var read = new Properties();
        try (Reader reader = Files.newBufferedReader(ready)) {
            read.load(reader);
        }
        assertThat(read)
                .containsEntry("pid", "43")
                .containsEntry("ONSALE_DB_URL", "jdbc:postgresql://localhost:1/onsale");
        try (var files = Files.list(ready.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).isEqualTo(List.of("engines.ready"));
        }
    }

    @Test
    void portsOutOfRangeAreRejected() {
        assertThatThrownBy(() -> new EnginePorts(70000, 0, 0)).hasMessageContaining("kafka port out of range");
    }
}
