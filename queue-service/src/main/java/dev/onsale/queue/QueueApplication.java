package dev.onsale.queue;

import dev.onsale.common.Topics;
import dev.onsale.platform.messaging.DeadLetterTopics;
import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
@ConfigurationPropertiesScan
public class QueueApplication {

    public static void main(String[] args) {
        SpringApplication.run(QueueApplication.class, args);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    /** The topics this service consumes, each with its dead-letter topic (DeadLetterTopicsTest checks the list). */
    @Bean
    DeadLetterTopics deadLetterTopics() {
        return DeadLetterTopics.of(Topics.EVENTS, Topics.ORDERS, Topics.INVENTORY);
    }
}
