package dev.onsale.inventory.kafka;

import org.springframework.boot.kafka.autoconfigure.ConcurrentKafkaListenerContainerFactoryConfigurer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.ConsumerFactory;

/**
 * A listener container factory whose consumers run on platform threads. Requests run on virtual
 * threads, and during a wave thousands of them share the few carrier threads; a consumer on a
 * virtual thread would queue behind them after every poll, and the replies that wake those very
 * requests would arrive late. Used by the listeners on the hold path.
 */
@Configuration(proxyBeanMethods = false)
public class ListenerThreads {

    /** Name of the factory, for {@code @KafkaListener(containerFactory = ...)}. */
    public static final String PLATFORM_THREADS = "platformThreadListenerFactory";

    @Bean(PLATFORM_THREADS)
    ConcurrentKafkaListenerContainerFactory<Object, Object> platformThreadListenerFactory(
            ConcurrentKafkaListenerContainerFactoryConfigurer configurer, ConsumerFactory<Object, Object> consumers) {
        ConcurrentKafkaListenerContainerFactory<Object, Object> factory =
                new ConcurrentKafkaListenerContainerFactory<>();
        configurer.configure(factory, consumers);
        SimpleAsyncTaskExecutor platformThreads = new SimpleAsyncTaskExecutor("hold-path-listener-");
        platformThreads.setVirtualThreads(false);
        factory.getContainerProperties().setListenerTaskExecutor(platformThreads);
        return factory;
    }
}
