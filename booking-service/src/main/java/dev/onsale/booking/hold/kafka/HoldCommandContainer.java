package dev.onsale.booking.hold.kafka;

import dev.onsale.booking.hold.HoldProperties;
import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;
import org.springframework.kafka.listener.ContainerProperties.AckMode;

/**
 * The container of onsale.holds.commands: the service's usual settings (error handling included), with
 * {@code onsale.holds.consumers} threads, and offsets committed once per polled batch (every listener's default in
 * {@code onsale-platform.yml}, kept here whatever that default becomes): every command is idempotent, so a batch
 * redelivered after a crash is replied again from its recorded decisions and allocates nothing twice.
 */
@Configuration(proxyBeanMethods = false)
class HoldCommandContainer {

    static final String FACTORY = "holdCommandListenerFactory";

    @Bean(FACTORY)
    ConcurrentKafkaListenerContainerFactory<Object, Object> holdCommandListenerFactory(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer,
            ConsumerFactory<Object, Object> consumers,
            HoldProperties properties) {
        var factory = new ConcurrentKafkaListenerContainerFactory<Object, Object>();
        configurer.configure(factory, consumers);
        factory.setConcurrency(properties.consumers());
        factory.getContainerProperties().setAckMode(AckMode.BATCH);
        return factory;
    }
}
