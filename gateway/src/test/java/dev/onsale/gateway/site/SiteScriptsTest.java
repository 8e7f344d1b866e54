package dev.onsale.gateway.site;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Runs each page script's Node test (test resources) against the script, where Node is installed; skipped
 * elsewhere. Each covers its script's rules and its flows against a fake DOM, storage and fetch.
 */
class SiteScriptsTest {

    @Test
    void theWaitingRoomScriptFollowsThePollingContract() throws Exception {
        Node.Run run = Node.run(
                Node.resource("waiting-room.test.js"),
                Node.resource("waiting-room.js").toString());

        assertThat(run.exitValue()).as(run.output()).isZero();
    }

    @Test
    void theBuyersScriptsChooseSeatsWithinTheLimitAndPayEachOrderOnce() throws Exception {
        Node.Run run = Node.run(
                Node.resource("shop.test.js"),
                Node.resource("shop.js").getParent().toString());

        assertThat(run.exitValue()).as(run.output()).isZero();
    }
}
