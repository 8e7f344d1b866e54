package dev.onsale.booking;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.platform.testing.ConsumedTopics;
import org.junit.jupiter.api.Test;

/** A record this service can never apply goes to its topic's dead-letter topic, which it must have declared. */
class DeadLetterTopicsTest {

    @Test
    void everyTopicTheListenersConsumeHasItsDeadLetterTopicDeclared() {
        assertThat(new BookingApplication().deadLetterTopics().consumed())
                .containsExactlyInAnyOrderElementsOf(ConsumedTopics.under("dev.onsale.booking"));
    }
}
