package dev.onsale.platform.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.kafka.core.KafkaAdmin;

/** A service's consumed topics become dead-letter topic declarations, which KafkaAdmin creates at start. */
class DeadLetterTopicsTest {

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(KafkaAutoConfiguration.class, KafkaErrorHandlingAutoConfiguration.class))
            .withBean(DeclaringAdmin.class, DeclaringAdmin::new);

    /** The admin KafkaAdmin would create at start, telling which topics it would create. */
    static final class DeclaringAdmin extends KafkaAdmin {

        DeclaringAdmin() {
            super(Map.of());
        }

        Collection<NewTopic> declared() {
            return newTopics();
        }
    }

    @Test
    void everyConsumedTopicGetsItsDeadLetterTopicWithThreePartitions() {
        context.withBean(DeadLetterTopics.class, () -> DeadLetterTopics.of("onsale.orders", "onsale.events"))
                .run(started -> {
                    Collection<NewTopic> declared =
                            started.getBean(DeclaringAdmin.class).declared();
                    assertThat(declared)
                            .extracting(NewTopic::name)
                            .containsExactlyInAnyOrder("onsale.orders.DLT", "onsale.events.DLT");
                    assertThat(declared).extracting(NewTopic::numPartitions).containsOnly(3);
                });
    }

    @Test
    void aServiceThatConsumesNothingDeclaresNone() {
        context.run(started -> {
            assertThat(started).doesNotHaveBean(KafkaAdmin.NewTopics.class);
            assertThat(started.getBean(DeclaringAdmin.class).declared()).isEmpty();
        });
    }

    @Test
    void theNamesCarryTheSuffixTheErrorHandlerPublishesTo() {
        assertThat(DeadLetterTopics.of("a", "b").names())
                .isEqualTo(Arrays.asList("a" + KafkaErrorHandlingAutoConfiguration.DEAD_LETTER_SUFFIX, "b.DLT"));
    }
}
