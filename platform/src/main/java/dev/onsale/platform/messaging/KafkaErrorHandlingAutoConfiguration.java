package dev.onsale.platform.messaging;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.listener.CommonErrorHandler;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

/**
 * How every listener treats a failure: a {@link MalformedEnvelopeException} can never succeed, so
 * the record is logged with its coordinates and skipped at once; anything else (an engine briefly
 * away) is retried with exponential back-off for about a minute before the record is logged and
 * skipped, so one bad record never stops a partition for good.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration")
@ConditionalOnClass(DefaultErrorHandler.class)
public class KafkaErrorHandlingAutoConfiguration {

    private static final Logger log = LoggerFactory.getLogger(KafkaErrorHandlingAutoConfiguration.class);

    @Bean
    @ConditionalOnMissingBean(CommonErrorHandler.class)
    DefaultErrorHandler onsaleKafkaErrorHandler() {
        ExponentialBackOff backOff = new ExponentialBackOff(200, 2.0);
        backOff.setMaxInterval(10_000);
        backOff.setMaxElapsedTime(60_000);
        DefaultErrorHandler handler = new DefaultErrorHandler((record, e) -> log.error(
                "skipping record {}-{}@{} (key {}): {}", record.topic(), record.partition(), record.offset(),
                record.key(), e.getMessage(), e), backOff);
        handler.addNotRetryableExceptions(MalformedEnvelopeException.class);
        return handler;
    }
}
