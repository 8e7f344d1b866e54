package dev.onsale.inventory.kafka;

import dev.onsale.common.Topics;
import dev.onsale.platform.messaging.KafkaErrorHandlingAutoConfiguration;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;

/** The dead-letter topics that platform's listener error handler publishes unusable records to. */
@Configuration(proxyBeanMethods = false)
class KafkaErrorHandling {

    @Bean
    NewTopic catalogDeadLetters() {
        return TopicBuilder.name(Topics.EVENTS + KafkaErrorHandlingAutoConfiguration.DEAD_LETTER_SUFFIX)
                .partitions(3).build();
    }

    @Bean
    NewTopic replyDeadLetters() {
        return TopicBuilder.name(Topics.HOLD_REPLIES + KafkaErrorHandlingAutoConfiguration.DEAD_LETTER_SUFFIX)
                .partitions(3).build();
    }

    @Bean
    NewTopic orderDeadLetters() {
        return TopicBuilder.name(Topics.ORDERS + KafkaErrorHandlingAutoConfiguration.DEAD_LETTER_SUFFIX)
                .partitions(3).build();
    }
}
