package dev.onsale.platform.identity;

import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.HmacSigner;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The trust boundary of every service: {@link GatewayIdentityFilter} right after the correlation id, and
 * controllers that declare {@link Buyer}, {@link Admin} or {@link Auditor} parameters get them from the
 * verified identity only. Fails start-up when {@code onsale.identity.key} is missing or shorter than 32 bytes.
 */
@AutoConfiguration
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@EnableConfigurationProperties(IdentityProperties.class)
public class IdentityAutoConfiguration implements WebMvcConfigurer {

    @Bean
    FilterRegistrationBean<GatewayIdentityFilter> gatewayIdentityFilter(
            IdentityProperties properties, ObjectProvider<MeterRegistry> meters) {
        var signature = new GatewaySignature(
                new HmacSigner(properties.key(), properties.previousKeys()),
                properties.maxAge(),
                properties.maxClockSkew());
        var filter = new GatewayIdentityFilter(
                signature, Clock.systemUTC(), meters.getIfAvailable(SimpleMeterRegistry::new));
        var registration = new FilterRegistrationBean<>(filter);
        // after the correlation id (HIGHEST_PRECEDENCE), so a refusal is logged with it; before everything else
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        return registration;
    }

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(new IdentityArgumentResolver());
    }
}
