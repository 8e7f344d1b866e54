package dev.onsale.platform.messaging;

import java.util.List;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.kafka.core.KafkaAdmin;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.CommonErrorHandler;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.listener.DeadLetterPublishingRecoverer;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.MessageListenerContainer;
import org.springframework.util.backoff.BackOff;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * How every listener treats a failure. A record that can never be applied — a malformed envelope,
 * an unknown type, a payload off contract, a Redis error reply such as a script refusing its input —
 * is published at once to {@code <topic>.DLT} (the exception in its headers) and the partition
 * moves on. Anything else is retried with capped exponential back-off for as long as it takes: an engine
 * briefly away, and the Redis error replies that only say "not now" (see {@link RedisErrors}). Skipping
 * a record would lose its effect, and later records of the same key must not overtake it.
 */
@AutoConfiguration(afterName = "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration")
@ConditionalOnClass(DefaultErrorHandler.class)
public class KafkaErrorHandlingAutoConfiguration {

    /** Suffix of the dead-letter topic of each consumed topic. */
    public static final String DEAD_LETTER_SUFFIX = ".DLT";

    private static final Logger log = LoggerFactory.getLogger(KafkaErrorHandlingAutoConfiguration.class);
    private static final long FIRST_RETRY_MS = 200;
    private static final long MAX_RETRY_INTERVAL_MS = 10_000;
    private static final int DEAD_LETTER_PARTITIONS = 3;

    @Bean
    @ConditionalOnBean(KafkaTemplate.class)
    @ConditionalOnMissingBean(CommonErrorHandler.class)
    DefaultErrorHandler onsaleKafkaErrorHandler(KafkaTemplate<String, String> kafka) {
        var deadLetters = new DeadLetterPublishingRecoverer(
                kafka, (record, e) -> new TopicPartition(record.topic() + DEAD_LETTER_SUFFIX, -1));
        var backOff = new ExponentialBackOff(FIRST_RETRY_MS, 2.0);
        backOff.setMaxInterval(MAX_RETRY_INTERVAL_MS);
        var handler = new RedisAwareErrorHandler(
                (record, e) -> {
                    log.error(
                            "dead-lettering record {}-{}@{} (key {}) to {}{}: {}",
                            record.topic(),
                            record.partition(),
                            record.offset(),
                            record.key(),
                            record.topic(),
                            DEAD_LETTER_SUFFIX,
                            rootMessage(e));
                    deadLetters.accept(record, e);
                },
                backOff);
        handler.addNotRetryableExceptions(MalformedEnvelopeException.class, RedisErrors.PermanentReply.class);
        return handler;
    }

    /** The dead-letter topic of every topic the service consumes ({@link DeadLetterTopics}), 3 partitions each. */
    @Bean
    @ConditionalOnBean(DeadLetterTopics.class)
    KafkaAdmin.NewTopics onsaleDeadLetterTopicDeclarations(DeadLetterTopics topics) {
        return new KafkaAdmin.NewTopics(topics.names().stream()
                .map(name -> TopicBuilder.name(name)
                        .partitions(DEAD_LETTER_PARTITIONS)
                        .build())
                .toArray(NewTopic[]::new));
    }

    /**
     * Judges a Redis error reply by what it says, on every attempt: the same exception type carries "release: order
     * record without quantity" (never succeeds) and "LOADING" (succeeds in a moment). Each failure is handed on as
     * {@link RedisErrors.PermanentReply} or {@link RedisErrors.TransientReply}; a record whose failure turns from
     * one to the other has its retry state reset, since the handler keys it by exception class.
     */
    static final class RedisAwareErrorHandler extends DefaultErrorHandler {

        RedisAwareErrorHandler(ConsumerRecordRecoverer recoverer, BackOff backOff) {
            super(recoverer, backOff);
        }

        @Override
        public boolean handleOne(
                Exception thrown,
                ConsumerRecord<?, ?> record,
                Consumer<?, ?> consumer,
                MessageListenerContainer container) {
            return super.handleOne(RedisErrors.classify(thrown), record, consumer, container);
        }

        @Override
        public void handleRemaining(
                Exception thrown,
                List<ConsumerRecord<?, ?>> records,
                Consumer<?, ?> consumer,
                MessageListenerContainer container) {
            super.handleRemaining(RedisErrors.classify(thrown), records, consumer, container);
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.toString();
    }
}
