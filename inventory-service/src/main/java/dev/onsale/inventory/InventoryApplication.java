package dev.onsale.inventory;

import dev.onsale.common.Topics;
import dev.onsale.platform.messaging.DeadLetterTopics;
import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
@ConfigurationPropertiesScan
public class InventoryApplication {

    /** The service's one time source: tests may put another in its place. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    public static void main(String[] args) {
        SpringApplication.run(InventoryApplication.class, args);
    }

    /** The topics this service consumes, each with its dead-letter topic (DeadLetterTopicsTest checks the list). */
    @Bean
    DeadLetterTopics deadLetterTopics() {
        return DeadLetterTopics.of(Topics.EVENTS, Topics.HOLD_REPLIES, Topics.ORDERS, Topics.RECONCILIATION_COMMANDS);
    }
}
