package dev.onsale.platform.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.EnvelopeHeaders;
import dev.onsale.engines.Engines;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.platform.messaging.EventJson;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.support.TransactionTemplate;

@ExtendWith(EmbeddedEnginesExtension.class)
class OutboxRelayIT {

    record ThingHappened(UUID thingId, String what) {}

    private final List<OutboxRelay> relays = new ArrayList<>();
    private Engines engines;
    private JdbcTemplate jdbc;
    private TransactionTemplate tx;
    private OutboxProperties properties;
    private Outbox outbox;
    private String topic;
    private KafkaConsumer<String, String> consumer;

    @BeforeEach
    void createOutboxAndTopic(Engines engines) throws Exception {
        this.engines = engines;
        var dataSource = new DriverManagerDataSource(engines.jdbcUrl(), engines.jdbcUser(), engines.jdbcPassword());
        jdbc = new JdbcTemplate(dataSource);
        tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        String name =
                "relay_it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        jdbc.execute("CREATE SCHEMA " + name);
        jdbc.execute(
                "CREATE TABLE " + name + ".outbox (id uuid PRIMARY KEY, aggregatetype text NOT NULL,"
                        + " aggregateid text NOT NULL, type text NOT NULL, payload jsonb NOT NULL, occurred_at timestamptz NOT NULL)");
        jdbc.execute("CREATE TABLE " + name + ".outbox_offsets (offset_key bytea PRIMARY KEY, offset_value bytea,"
                + " updated_at timestamptz NOT NULL DEFAULT now())");
        properties = new OutboxProperties(
                name,
                "outbox",
                name,
                null,
                "outbox_offsets",
                true,
                Duration.ofMillis(100),
                Duration.ofSeconds(10),
                Duration.ofMillis(500),
                Duration.ofSeconds(10),
                Duration.ofSeconds(30),
                Duration.ofSeconds(30));
        outbox = new Outbox(jdbc, EventJson.standard(), properties, Clock.systemUTC());

        topic = "outbox-it-" + name;
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, engines.kafkaBootstrap()))) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        consumer = new KafkaConsumer<>(
                Map.of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        engines.kafkaBootstrap(),
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed"),
                new StringDeserializer(),
                new StringDeserializer());
        consumer.assign(List.of(new TopicPartition(topic, 0)));
        consumer.seekToBeginning(consumer.assignment());
    }

    @AfterEach
    void stopRelaysAndDropSlot() {
        relays.forEach(OutboxRelay::stop);
        consumer.close();
        jdbc.queryForList(
                "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = ?",
                properties.slotName());
    }

    @Test
    void aRowAppendedRightAfterTheRelayStartsReachesKafkaWithTopicKeyHeadersAndPayload() {
        OutboxRelay relay = startRelay();
        UUID thingId = UUID.randomUUID();
        Instant before = Instant.now();
        UUID eventId = append(thingId, "first");

        List<ConsumerRecord<String, String>> received = awaitRecords(1);
        long latencyMs = Duration.between(before, Instant.now()).toMillis();
        System.out.printf("outbox row -> Kafka, relay cold: %d ms%n", latencyMs);

        ConsumerRecord<String, String> record = received.getFirst();
        assertThat(record.topic()).isEqualTo(topic);
        assertThat(record.key()).isEqualTo(thingId.toString());
        assertThat(header(record, EnvelopeHeaders.EVENT_ID)).isEqualTo(eventId.toString());
        assertThat(header(record, EnvelopeHeaders.EVENT_TYPE)).isEqualTo("ThingHappened");
        assertThat(Instant.parse(header(record, EnvelopeHeaders.OCCURRED_AT)))
                .isBetween(before.minusSeconds(1), Instant.now());
        Envelope envelope = Envelope.of(record);
        assertThat(EventJson.standard().read(envelope.payload(), ThingHappened.class))
                .isEqualTo(new ThingHappened(thingId, "first"));
        await().atMost(Duration.ofSeconds(30)).until(() -> relay.status() == RelayStatus.STREAMING);
    }

    @Test
    void offsetsSurviveARestartSoAcknowledgedRowsAreNotSentAgainAndRowsWrittenWhileStoppedAreDelivered() {
        OutboxRelay first = startRelay();
        UUID before = append(UUID.randomUUID(), "before restart");
        assertThat(eventIds(awaitRecords(1))).containsExactly(before.toString());
        first.stop();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM " + properties.qualifiedOffsetsTable(), Long.class))
                .isEqualTo(1);

        UUID whileStopped = append(UUID.randomUUID(), "while stopped");
        startRelay();
        UUID after = append(UUID.randomUUID(), "after restart");

        List<ConsumerRecord<String, String>> all = awaitRecords(3);
        assertThat(eventIds(all)).containsExactly(before.toString(), whileStopped.toString(), after.toString());
    }

    @Test
    void onlyOneReplicaStreamsAndTheStandbyTakesOverWhenTheLeaderStops() {
        OutboxRelay leader = startRelay();
        await().atMost(Duration.ofSeconds(30)).until(() -> leader.status() == RelayStatus.STREAMING);
        OutboxRelay standby = startRelay();
        await().atMost(Duration.ofSeconds(10)).until(() -> standby.status() == RelayStatus.STANDBY);

        UUID one = append(UUID.randomUUID(), "led by the first");
        assertThat(eventIds(awaitRecords(1))).containsExactly(one.toString());
        leader.stop();

        UUID two = append(UUID.randomUUID(), "led by the second");
        await().atMost(Duration.ofSeconds(30)).until(() -> standby.status() == RelayStatus.STREAMING);
        assertThat(eventIds(awaitRecords(2))).containsExactly(one.toString(), two.toString());
    }

    private OutboxRelay startRelay() {
        OutboxRelay relay = new OutboxRelay(
                properties,
                jdbc,
                new PostgresEndpoint(engines.jdbcUrl(), engines.jdbcUser(), engines.jdbcPassword()),
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, engines.kafkaBootstrap()),
                new SimpleMeterRegistry());
        relays.add(relay);
        relay.start();
        return relay;
    }

    private UUID append(UUID thingId, String what) {
        return tx.execute(status -> outbox.append(topic, thingId.toString(), new ThingHappened(thingId, what)));
    }

    private final List<ConsumerRecord<String, String>> received = new ArrayList<>();

    /** Everything received so far, once there are at least {@code count} records (and a moment for extras). */
    private List<ConsumerRecord<String, String>> awaitRecords(int count) {
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            consumer.poll(Duration.ofMillis(200)).forEach(received::add);
            return received.size() >= count;
        });
        consumer.poll(Duration.ofMillis(500)).forEach(received::add);
        return List.copyOf(received);
    }

    private static List<String> eventIds(List<ConsumerRecord<String, String>> records) {
        return records.stream().map(r -> header(r, EnvelopeHeaders.EVENT_ID)).toList();
    }

    private static String header(ConsumerRecord<String, String> record, String name) {
        return new String(record.headers().lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
