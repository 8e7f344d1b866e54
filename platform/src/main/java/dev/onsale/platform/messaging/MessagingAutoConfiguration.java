package dev.onsale.platform.messaging;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;

/** Makes the shared {@link EventJson} injectable. */
@AutoConfiguration
public class MessagingAutoConfiguration {

    @Bean
    EventJson eventJson() {
        return EventJson.standard();
    }
}
