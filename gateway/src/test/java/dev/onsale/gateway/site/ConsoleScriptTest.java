package dev.onsale.gateway.site;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Runs each console's Node test (test resources, sharing {@code console-kit.js}: a fake DOM, storage and fetch, and the
 * loader that runs a page's scripts as the page does) against the site's scripts, where Node is installed; skipped
 * elsewhere. Each covers its scripts' rules, its page (no inline code, a label per field, {@code console.js} before
 * the page's own script, every element the scripts ask for) and its flows.
 */
class ConsoleScriptTest {

    @Test
    void theOperatorPageKeepsTheTokenInTheTabAndActsOnTheSaleOnlyOnceConfirmed() throws Exception {
        assertAllChecksPass("operator.test.js");
    }

    @Test
    void theAuditorPageShowsReportsTheChainAndTheLedgerAsTextAndDownloadsTheCsv() throws Exception {
        assertAllChecksPass("auditor.test.js");
    }

    private static void assertAllChecksPass(String test) throws Exception {
        Node.Run run = Node.run(
                Node.resource(test), Node.resource("console.js").getParent().toString());

        assertThat(run.exitValue()).as(run.output()).isZero();
        assertThat(run.output()).contains("all checks passed");
    }
}
