package dev.onsale.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.params.SetParams;

@ExtendWith(EmbeddedEnginesExtension.class)
class EmbeddedEnginesIT {

    @Test
    void publishesTheEndpointsAsSystemProperties(EmbeddedEngines engines) {
        assertThat(System.getProperty("ONSALE_KAFKA_BOOTSTRAP")).isEqualTo(engines.kafkaBootstrap());
        assertThat(System.getProperty("ONSALE_DB_URL"))
                .isEqualTo(engines.jdbcUrl())
                .endsWith("/onsale");
        assertThat(System.getProperty("ONSALE_DB_USER")).isEqualTo("postgres");
        assertThat(System.getProperty("ONSALE_DB_PASSWORD")).isEmpty();
        assertThat(System.getProperty("ONSALE_REDIS_URL")).isEqualTo(engines.redisUrl());
        assertThat(engines).isSameAs(EmbeddedEngines.shared());
        assertThat(ProcessHandle.of(engines.postgresPid())).isPresent();
        assertThat(ProcessHandle.of(engines.redisPid())).isPresent();
    }

    @Test
    void kafkaDeliversAProducedRecordWithItsHeaders(EmbeddedEngines engines) throws Exception {
        String key = UUID.randomUUID().toString();
        Map<String, Object> producerConfig = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                engines.kafkaBootstrap(),
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
                StringSerializer.class);
        try (var producer = new KafkaProducer<String, String>(producerConfig)) {
            var record = new ProducerRecord<>(Topics.EVENTS, key, "{\"hello\":1}");
            record.headers().add("eventType", "Hello".getBytes());
            producer.send(record).get(30, TimeUnit.SECONDS);
        }
        Map<String, Object> consumerConfig = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                engines.kafkaBootstrap(),
                ConsumerConfig.GROUP_ID_CONFIG,
                "it-" + key,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
                StringDeserializer.class);
        List<ConsumerRecord<String, String>> received = new ArrayList<>();
        try (var consumer = new KafkaConsumer<String, String>(consumerConfig)) {
            consumer.subscribe(List.of(Topics.EVENTS));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(r -> {
                    if (key.equals(r.key())) {
                        received.add(r);
                    }
                });
                return !received.isEmpty();
            });
        }
        assertThat(received.getFirst().value()).isEqualTo("{\"hello\":1}");
        assertThat(new String(
                        received.getFirst().headers().lastHeader("eventType").value()))
                .isEqualTo("Hello");
    }

    @Test
    void everyTopicExistsWithThreePartitions(EmbeddedEngines engines) throws Exception {
        try (var admin =
                org.apache.kafka.clients.admin.Admin.create(Map.of("bootstrap.servers", engines.kafkaBootstrap()))) {
            var topics =
                    admin.describeTopics(EmbeddedEngines.TOPICS).allTopicNames().get(30, TimeUnit.SECONDS);
            assertThat(topics).hasSize(9);
            topics.values().forEach(t -> assertThat(t.partitions()).hasSize(3));
        }
    }

    @Test
    void postgresRunsSqlWithLogicalReplicationEnabled(EmbeddedEngines engines) throws Exception {
        try (var c = DriverManager.getConnection(engines.jdbcUrl(), engines.jdbcUser(), engines.jdbcPassword());
                var s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS engines_it");
            s.execute("CREATE TABLE engines_it.t (id int primary key, v text)");
            s.execute("INSERT INTO engines_it.t VALUES (1, 'one')");
            try (var rs = s.executeQuery("SELECT v FROM engines_it.t WHERE id = 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("one");
            }
            try (var rs = s.executeQuery("SHOW wal_level")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("logical");
            }
            try (var rs = s.executeQuery("SHOW max_connections")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(300);
            }
            try (var rs = s.executeQuery("SELECT current_database()")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo("onsale");
            }
        }
    }

    @Test
    void redisStoresValuesAndAnnouncesExpiredKeys(EmbeddedEngines engines) throws Exception {
        String key = "it:{" + UUID.randomUUID() + "}:timer";
        try (var redis = new JedisPooled(engines.redisUrl())) {
            redis.set("it:plain", "value");
            assertThat(redis.get("it:plain")).isEqualTo("value");

            List<String> expired = new CopyOnWriteArrayList<>();
            var subscribed = new CountDownLatch(1);
            var listener = new JedisPubSub() {
                @Override
                public void onSubscribe(String channel, int subscribedChannels) {
                    subscribed.countDown();
                }

                @Override
                public void onMessage(String channel, String message) {
                    expired.add(message);
                }
            };
            var subscriber = Thread.ofVirtual().start(() -> {
                try (var connection = new redis.clients.jedis.Jedis(java.net.URI.create(engines.redisUrl()))) {
                    connection.subscribe(listener, "__keyevent@0__:expired");
                }
            });
            assertThat(subscribed.await(10, TimeUnit.SECONDS)).isTrue();
            redis.set(key, "1", SetParams.setParams().px(100));
            await().atMost(Duration.ofSeconds(10)).until(() -> expired.contains(key));
            listener.unsubscribe();
            subscriber.join(Duration.ofSeconds(5));
        }
    }
}
