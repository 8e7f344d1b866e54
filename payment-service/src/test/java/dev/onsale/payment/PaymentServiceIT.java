package dev.onsale.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.engines.Engines;
import dev.onsale.platform.outbox.Outbox;
import dev.onsale.testing.TestHttp;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

@PaymentServiceTest
class PaymentServiceIT {

    record SmokeSignal(String key) {}

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Outbox outbox;

    @Autowired
    TransactionTemplate transactions;

    @Test
    void theServiceIsReadyOnceItsDatabaseKafkaAndRedisAnswer() {
        await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
            TestHttp.Reply readiness =
                    TestHttp.at(port).get("/actuator/health/readiness").send();
            assertThat(readiness.status()).isEqualTo(200);
            assertThat(readiness.body())
                    .contains("\"status\":\"UP\"")
                    .contains("\"db\"")
                    .contains("\"kafka\"")
                    .contains("\"redis\"")
                    .contains("\"outboxRelay\"");
        });
    }

    @Test
    void aMessageAppendedToTheOutboxInATransactionReachesKafkaThroughSlotPaymentOutbox(Engines engines) {
        String topic = "payment.smoke." + UUID.randomUUID();
        String key = UUID.randomUUID().toString();

        UUID messageId = transactions.execute(status -> outbox.append(topic, key, new SmokeSignal(key)));

        try (var consumer = new KafkaConsumer<>(
                Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        engines.kafkaBootstrap(),
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "smoke-" + UUID.randomUUID(),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest"),
                new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            List<ConsumerRecord<String, String>> records = new ArrayList<>();
            await().atMost(Duration.ofSeconds(60)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return !records.isEmpty();
            });
            ConsumerRecord<String, String> record = records.getFirst();
            assertThat(record.key()).isEqualTo(key);
            assertThat(new String(record.headers().lastHeader("eventId").value(), StandardCharsets.UTF_8))
                    .isEqualTo(messageId.toString());
            assertThat(new String(record.headers().lastHeader("eventType").value(), StandardCharsets.UTF_8))
                    .isEqualTo("SmokeSignal");
        }
        assertThat(jdbc.queryForObject(
                        "SELECT count(*) FROM pg_replication_slots WHERE slot_name = 'payment_outbox'", Integer.class))
                .isEqualTo(1);
    }

    @Test
    void itsSchemaHoldsTheQueueTheOutboxItsOffsetsAndTheInbox() {
        assertThat(jdbc.queryForList(
                        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'payment'",
                        String.class))
                .contains("payments", "refunds", "outbox", "outbox_offsets", "processed_messages");
    }

    @Test
    void metricsAreExposedForPrometheusTaggedWithTheApplication() {
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            TestHttp.Reply metrics = TestHttp.at(port)
                    .get("/actuator/prometheus")
                    .header("Accept", "text/plain")
                    .send();
            assertThat(metrics.status()).isEqualTo(200);
            assertThat(metrics.body())
                    .contains("application=\"payment-service\"")
                    .contains("onsale_payments_queued")
                    .contains("onsale_payments_in_flight")
                    .contains("onsale_payments_provider_breaker_state")
                    .contains("onsale_payments_queue_wait_seconds");
        });
    }
}
