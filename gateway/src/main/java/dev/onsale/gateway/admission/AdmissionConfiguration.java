package dev.onsale.gateway.admission;

import dev.onsale.common.token.AdmissionTokenCodec;
import dev.onsale.common.token.HmacSigner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class AdmissionConfiguration {

    /** Fails start-up when the key is missing or shorter than 32 bytes. */
    @Bean
    AdmissionTokenCodec admissionTokenCodec(AdmissionProperties properties) {
        return new AdmissionTokenCodec(new HmacSigner(properties.key(), properties.previousKeys()));
    }
}
