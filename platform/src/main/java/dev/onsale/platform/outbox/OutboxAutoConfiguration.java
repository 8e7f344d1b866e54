package dev.onsale.platform.outbox;

import dev.onsale.platform.messaging.EventJson;
import io.debezium.engine.DebeziumEngine;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The outbox of a service that sets {@code onsale.outbox.schema}, and — where Debezium is on the
 * classpath and {@code onsale.outbox.enabled} is not false — its relay and the relay's readiness.
 */
@AutoConfiguration(
        afterName = {
            "org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration",
            "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration",
            "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration",
            "dev.onsale.platform.messaging.MessagingAutoConfiguration"
        })
@ConditionalOnClass(JdbcTemplate.class)
@ConditionalOnProperty(prefix = "onsale.outbox", name = "schema")
@EnableConfigurationProperties(OutboxProperties.class)
public class OutboxAutoConfiguration {

    @Bean
    @ConditionalOnBean(JdbcTemplate.class)
    Outbox outbox(JdbcTemplate jdbc, OutboxProperties properties) {
        return new Outbox(jdbc, EventJson.standard(), properties, Clock.systemUTC());
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass({DebeziumEngine.class, KafkaProducer.class, KafkaProperties.class, MeterRegistry.class})
    @ConditionalOnBean({JdbcTemplate.class, DataSourceProperties.class, KafkaProperties.class})
    @ConditionalOnProperty(prefix = "onsale.outbox", name = "enabled", matchIfMissing = true)
    static class Relay {

        @Bean
        OutboxRelay outboxRelay(
                OutboxProperties properties,
                JdbcTemplate jdbc,
                DataSourceProperties dataSource,
                KafkaProperties kafka,
                ObjectProvider<MeterRegistry> meters) {
            PostgresEndpoint endpoint = new PostgresEndpoint(
                    dataSource.determineUrl(), dataSource.determineUsername(), dataSource.determinePassword());
            return new OutboxRelay(
                    properties,
                    jdbc,
                    endpoint,
                    kafka.buildProducerProperties(),
                    meters.getIfAvailable(SimpleMeterRegistry::new));
        }

        @Configuration(proxyBeanMethods = false)
        @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
        static class Readiness {

            @Bean
            HealthIndicator outboxRelayHealthIndicator(OutboxRelay relay) {
                return new OutboxRelayHealthIndicator(relay);
            }
        }
    }
}
