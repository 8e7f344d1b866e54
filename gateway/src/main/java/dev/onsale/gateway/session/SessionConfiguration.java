package dev.onsale.gateway.session;

import dev.onsale.common.token.HmacSigner;
import dev.onsale.common.token.SessionTokenCodec;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class SessionConfiguration {

    @Bean
    SessionTokenCodec sessionTokenCodec(SessionProperties properties) {
        return new SessionTokenCodec(new HmacSigner(properties.key(), properties.previousKeys()));
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
