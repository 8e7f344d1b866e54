package dev.onsale.payment.provider;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import redis.clients.jedis.UnifiedJedis;

/** The acquirer client, its circuit breaker (one per replica) and the pace all replicas share. */
@Configuration(proxyBeanMethods = false)
class ProviderConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ProviderConfiguration.class);

    @Bean
    CircuitBreaker providerCircuitBreaker(ProviderProperties properties) {
        ProviderProperties.Breaker settings = properties.breaker();
        CircuitBreaker breaker = CircuitBreaker.of(
                "payment-provider",
                CircuitBreakerConfig.custom()
                        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                        .slidingWindowSize(settings.slidingWindow())
                        .minimumNumberOfCalls(settings.minimumCalls())
                        .failureRateThreshold(settings.failureRateThreshold())
                        .waitDurationInOpenState(settings.openFor())
                        .permittedNumberOfCallsInHalfOpenState(settings.halfOpenCalls())
                        .automaticTransitionFromOpenToHalfOpenEnabled(true)
                        .build());
        breaker.getEventPublisher()
                .onStateTransition(event -> log.warn("Provider circuit breaker: {}", event.getStateTransition()));
        return breaker;
    }

    @Bean
    ProviderErrors providerErrors(UnifiedJedis redis) {
        return new ProviderErrors(redis, Clock.systemUTC());
    }

    @Bean
    Provider provider(
            ProviderProperties properties,
            CircuitBreaker providerCircuitBreaker,
            UnifiedJedis redis,
            MeterRegistry meters,
            ProviderErrors providerErrors) {
        ProviderMetrics metrics = new ProviderMetrics(meters, providerCircuitBreaker, providerErrors);
        ProviderLimiter limiter = new ProviderLimiter(redis, properties, metrics::slotMissed);
        return new Provider(properties, providerCircuitBreaker, limiter, metrics);
    }
}
