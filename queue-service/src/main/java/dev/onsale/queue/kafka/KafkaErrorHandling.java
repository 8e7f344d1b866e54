package dev.onsale.queue.kafka;

import dev.onsale.common.Topics;
import dev.onsale.platform.messaging.MalformedEnvelopeException;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.TopicPartition;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.CommonErrorHandler;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Failure policy of the waiting room's listeners. A record that can never be applied (malformed envelope,
 * unknown type, a payload off contract, a Redis data error such as a script refusing its input) is
 * published at once to {@code <topic>.DLT}, the exception in its headers, and the partition moves
 * on. Anything else (Redis or Kafka briefly away) is retried with capped exponential back-off for
 * as long as it takes: skipping an EventCreated would leave the waiting room without its event, and later
 * messages of the same key must not overtake it.
 */
@Configuration(proxyBeanMethods = false)
class KafkaErrorHandling {

    static final String DEAD_LETTER_SUFFIX = ".DLT";

    @Bean
    CommonErrorHandler listenerErrorHandler(KafkaTemplate<String, String> kafka) {
        var deadLetters = new DeadLetterPublishingRecoverer(kafka,
                (record, e) -> new TopicPartition(record.topic() + DEAD_LETTER_SUFFIX, -1));
        var backOff = new ExponentialBackOff(200, 2.0);
        backOff.setMaxInterval(10_000);
        var handler = new DefaultErrorHandler(deadLetters, backOff);
        handler.addNotRetryableExceptions(MalformedEnvelopeException.class, JedisDataException.class);
        return handler;
    }

    @Bean
    NewTopic catalogDeadLetters() {
        return TopicBuilder.name(Topics.EVENTS + DEAD_LETTER_SUFFIX).partitions(3).build();
    }
}
