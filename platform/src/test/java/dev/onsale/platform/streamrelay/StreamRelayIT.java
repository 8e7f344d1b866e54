package dev.onsale.platform.streamrelay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.engines.Engines;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.StreamEntryID;

@ExtendWith(EmbeddedEnginesExtension.class)
class StreamRelayIT {

    private static JedisPooled jedis;
    private static KafkaTemplate<String, String> kafka;
    private static KafkaTemplate<String, String> unreachableKafka;
    private static String bootstrap;

    private final String topic = "streamrelay.test." + UUID.randomUUID();
    private final String stream = "test:{" + UUID.randomUUID() + "}:outbox";
    private final String registry = "test:streams:" + UUID.randomUUID();

    @BeforeAll
    static void connect(Engines engines) {
        bootstrap = engines.kafkaBootstrap();
        URI redis = URI.create(engines.redisUrl());
        jedis = new JedisPooled(redis.getHost(), redis.getPort());
        kafka = template(bootstrap, 10_000);
        unreachableKafka = template("127.0.0.1:1", 300);
    }

    @AfterAll
    static void disconnect() {
        kafka.getProducerFactory().reset();
        unreachableKafka.getProducerFactory().reset();
        jedis.close();
    }

    @Test
    void anAppendedEntryReachesKafkaWithItsKeyPayloadAndEnvelopeHeadersAndLeavesTheStream() {
        new StreamRegistry(jedis, registry).register(stream);
        String eventId = append("event-7", "{\"available\":5}");
        StreamRelay relay = relay("replica-a", kafka, Duration.ofSeconds(5));

        assertThat(relay.relayOnce()).isEqualTo(1);

        List<ConsumerRecord<String, String>> records = consumeAtLeast(1);
        ConsumerRecord<String, String> record = records.getFirst();
        assertThat(record.key()).isEqualTo("event-7");
        assertThat(record.value()).isEqualTo("{\"available\":5}");
        assertThat(header(record, "eventId")).isEqualTo(eventId);
        assertThat(header(record, "eventType")).isEqualTo("AvailabilityChanged");
        assertThat(header(record, "occurredAt")).isEqualTo("2026-01-01T10:00:00Z");
        assertThat(jedis.xpending(stream, "relay").getTotal()).isZero();
        assertThat(jedis.xlen(stream)).isZero();
    }

    @Test
    void anEntryKafkaDidNotAcknowledgeStaysPendingAndIsDeliveredOnceKafkaIsBack() {
        new StreamRegistry(jedis, registry).register(stream);
        String eventId = append("event-8", "{\"available\":4}");

        assertThat(relay("replica-a", unreachableKafka, Duration.ZERO).relayOnce())
                .isZero();
        assertThat(jedis.xpending(stream, "relay").getTotal()).isEqualTo(1);
        assertThat(jedis.xlen(stream)).isEqualTo(1);

        StreamRelay restarted = relay("replica-a", kafka, Duration.ZERO);
        assertThat(restarted.relayOnce()).isEqualTo(1);
        assertThat(consumeAtLeast(1))
                .extracting(record -> header(record, "eventId"))
                .containsExactly(eventId);
        assertThat(jedis.xpending(stream, "relay").getTotal()).isZero();
    }

    @Test
    void noNewerEntryOvertakesOneThatIsPendingUntilItIsClaimedAgain() {
        new StreamRegistry(jedis, registry).register(stream);
        String first = append("event-9", "{\"n\":1}");
        assertThat(relay("replica-a", unreachableKafka, Duration.ZERO).relayOnce())
                .isZero();
        String second = append("event-9", "{\"n\":2}");

        StreamRelay patient = relay("replica-a", kafka, Duration.ofHours(1));
        assertThat(patient.relayOnce()).isZero();

        StreamRelay due = relay("replica-a", kafka, Duration.ZERO);
        await().atMost(Duration.ofSeconds(20)).until(() -> due.relayOnce() == 0 && jedis.xlen(stream) == 0);
        assertThat(consumeAtLeast(2))
                .extracting(record -> header(record, "eventId"))
                .containsExactly(first, second);
    }

    @Test
    void theEntriesOfACrashedReplicaAreClaimedByAnotherOnceItsLeaseLapses() {
        new StreamRegistry(jedis, registry).register(stream);
        String eventId = append("event-10", "{\"available\":2}");
        assertThat(relay("replica-crashed", unreachableKafka, Duration.ZERO).relayOnce())
                .isZero();

        StreamRelay survivor = relay("replica-b", kafka, Duration.ZERO);
        assertThat(survivor.relayOnce())
                .as("the crashed replica's lease still holds")
                .isZero();

        await().atMost(Duration.ofSeconds(20)).until(() -> survivor.relayOnce() == 1);
        assertThat(consumeAtLeast(1))
                .extracting(record -> header(record, "eventId"))
                .containsExactly(eventId);
        assertThat(jedis.xpending(stream, "relay").getTotal()).isZero();
    }

    @Test
    void anEntryThatIsNoEnvelopeIsMovedAsideAndDoesNotBlockTheNextOne() {
        new StreamRegistry(jedis, registry).register(stream);
        jedis.xadd(stream, StreamEntryID.NEW_ENTRY, Map.of("topic", topic, "payload", "{}"));
        String eventId = append("event-11", "{\"available\":1}");

        assertThat(relay("replica-a", kafka, Duration.ZERO).relayOnce()).isEqualTo(2);

        assertThat(consumeAtLeast(1))
                .extracting(record -> header(record, "eventId"))
                .containsExactly(eventId);
        assertThat(jedis.xlen(StreamRelay.deadLetterKey(stream))).isEqualTo(1);
        assertThat(jedis.xpending(stream, "relay").getTotal()).isZero();
    }

    @Test
    void amongManyRegisteredStreamsOnlyThoseWithEntriesAreRelayedAndAKeyThatIsNoStreamBlocksNone() {
        StreamRegistry streams = new StreamRegistry(jedis, registry);
        List<String> empty = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String other = "test:{" + UUID.randomUUID() + "}:outbox";
            streams.register(other);
            empty.add(other);
        }
        String notAStream = "test:{" + UUID.randomUUID() + "}:outbox";
        jedis.set(notAStream, "a string where a stream belongs");
        streams.register(notAStream);
        streams.register(stream);
        String first = append("event-12", "{\"n\":1}");
        String second = append("event-12", "{\"n\":2}");
        StreamRelay relay = relay("replica-a", kafka, Duration.ofSeconds(5));

        long readsBefore = readsProcessed();
        assertThat(relay.relayOnce()).isEqualTo(2);
        assertThat(readsProcessed() - readsBefore)
                .as("requests Redis read from its clients for one round over %d registered streams", empty.size() + 2)
                .isLessThan(50);

        assertThat(consumeAtLeast(2))
                .extracting(record -> header(record, "eventId"))
                .containsExactly(first, second);
        assertThat(jedis.xlen(stream)).isZero();
        assertThat(empty)
                .as("no consumer group, lease or entry was made on a stream that had nothing to relay")
                .allSatisfy(other -> {
                    assertThat(jedis.exists(other)).isFalse();
                    assertThat(jedis.exists(StreamRelay.leaseKey(other))).isFalse();
                });
        assertThat(relay.relayOnce()).isZero();
        jedis.del(notAStream);
    }

    private StreamRelay relay(String consumer, KafkaTemplate<String, String> template, Duration claimMinIdle) {
        var properties = new StreamRelayProperties(
                true,
                registry,
                List.of(),
                "relay",
                consumer,
                10,
                Duration.ofMillis(10),
                claimMinIdle,
                Duration.ofSeconds(2),
                Duration.ofSeconds(1),
                Duration.ofMillis(100),
                true);
        return new StreamRelay(jedis, template, properties);
    }

    /** Redis's count of reads from its clients' sockets: one per request sent alone, one per pipeline. */
    private static long readsProcessed() {
        return jedis.info("stats")
                .lines()
                .filter(line -> line.startsWith("total_reads_processed:"))
                .mapToLong(line ->
                        Long.parseLong(line.substring(line.indexOf(':') + 1).trim()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("INFO stats has no total_reads_processed"));
    }

    private String append(String key, String payload) {
        String eventId = UUID.randomUUID().toString();
        jedis.xadd(
                stream,
                StreamEntryID.NEW_ENTRY,
                Map.of(
                        "topic",
                        topic,
                        "key",
                        key,
                        "eventId",
                        eventId,
                        "eventType",
                        "AvailabilityChanged",
                        "occurredAt",
                        "2026-01-01T10:00:00Z",
                        "payload",
                        payload));
        return eventId;
    }

    private List<ConsumerRecord<String, String>> consumeAtLeast(int count) {
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrap,
                        ConsumerConfig.GROUP_ID_CONFIG,
                        "test-" + UUID.randomUUID(),
                        ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                        "earliest"),
                new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
                return records.size() >= count;
            });
            consumer.poll(Duration.ofMillis(500)).forEach(records::add);
        }
        return records;
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }

    private static KafkaTemplate<String, String> template(String bootstrapServers, int maxBlockMs) {
        return new KafkaTemplate<>(new DefaultKafkaProducerFactory<>(
                Map.<String, Object>of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        true,
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.MAX_BLOCK_MS_CONFIG,
                        maxBlockMs,
                        ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG,
                        Math.max(maxBlockMs, 1000),
                        ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG,
                        Math.max(maxBlockMs, 1000) + 1000),
                new StringSerializer(),
                new StringSerializer()));
    }
}
