package dev.onsale.payment;

import dev.onsale.common.Topics;
import dev.onsale.platform.messaging.DeadLetterTopics;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
@ConfigurationPropertiesScan
public class PaymentApplication {

    public static void main(String[] args) {
        SpringApplication.run(PaymentApplication.class, args);
    }

    /** The topics this service consumes, each with its dead-letter topic (DeadLetterTopicsTest checks the list). */
    @Bean
    DeadLetterTopics deadLetterTopics() {
        return DeadLetterTopics.of(Topics.PAYMENT_REQUESTS);
    }
}
