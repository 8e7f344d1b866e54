package dev.onsale.gateway.site;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Runs {@code console.test.js} (test resources) against the consoles' scripts under Node, where Node is installed;
 * skipped elsewhere. Covers the rules of {@code console.js}, {@code operator.js} and {@code auditor.js}, the two pages
 * (no inline code, a label per field, the shared script before the page's own, every element the scripts ask for)
 * and their flows against a fake DOM, storage and fetch.
 */
class ConsoleScriptTest {

    @Test
    void theConsoleKeepsTheTokenInTheTabAndActsOnTheSaleOnlyOnceConfirmed() throws Exception {
        Node.Run run = Node.run(
                Node.resource("console.test.js"),
                Node.resource("console.js").getParent().toString());

        assertThat(run.exitValue()).as(run.output()).isZero();
        assertThat(run.output()).contains("all checks passed");
    }
}
