package dev.onsale.platform.outbox;

import dev.onsale.common.EnvelopeHeaders;
import io.debezium.engine.ChangeEvent;
import io.debezium.engine.DebeziumEngine;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.header.Header;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * Produces each routed outbox record to Kafka and only then marks it processed: a batch counts as
 * done, and its offset may be stored, only after Kafka acknowledged every record in it
 * (at-least-once; a failure stops the engine and the batch is delivered again after a restart).
 * Records that are not outbox messages (Debezium heartbeats) are marked processed without sending.
 */
final class KafkaForwarder implements DebeziumEngine.ChangeConsumer<ChangeEvent<SourceRecord, SourceRecord>> {

    private final Producer<String, String> producer;
    private final Duration sendTimeout;
    private final MeterRegistry meters;
    private final Timer delay;

    KafkaForwarder(Producer<String, String> producer, Duration sendTimeout, MeterRegistry meters) {
        this.producer = producer;
        this.sendTimeout = sendTimeout;
        this.meters = meters;
        this.delay = Timer.builder("onsale.outbox.relay.delay")
                .description("From the outbox row's occurred_at to Kafka's acknowledgement")
                .register(meters);
    }

    @Override
    public void handleBatch(
            List<ChangeEvent<SourceRecord, SourceRecord>> events,
            DebeziumEngine.RecordCommitter<ChangeEvent<SourceRecord, SourceRecord>> committer)
            throws InterruptedException {
        List<Future<RecordMetadata>> acks = new ArrayList<>(events.size());
        List<ProducerRecord<String, String>> sent = new ArrayList<>(events.size());
        for (ChangeEvent<SourceRecord, SourceRecord> event : events) {
            SourceRecord source = event.value();
            ProducerRecord<String, String> record = isMessage(source) ? toProducerRecord(source) : null;
            sent.add(record);
            acks.add(record == null ? null : producer.send(record));
        }
        long deadline = System.nanoTime() + sendTimeout.toNanos();
        for (int i = 0; i < events.size(); i++) {
            if (acks.get(i) != null) {
                awaitAck(acks.get(i), deadline, sent.get(i));
                relayed(sent.get(i));
            }
            committer.markProcessed(events.get(i));
        }
        committer.markBatchFinished();
    }

    static boolean isMessage(SourceRecord source) {
        return source != null
                && source.value() != null
                && !source.topic().startsWith(EngineConfig.HEARTBEAT_TOPIC_PREFIX);
    }

    /** The envelope of CONVENTIONS: value = payload, key = aggregateid, headers as UTF-8 strings. */
    static ProducerRecord<String, String> toProducerRecord(SourceRecord source) {
        String eventId = header(source, EnvelopeHeaders.EVENT_ID);
        String eventType = header(source, EnvelopeHeaders.EVENT_TYPE);
        Instant occurredAt = OffsetDateTime.parse(header(source, EnvelopeHeaders.OCCURRED_AT))
                .toInstant();
        RecordHeaders headers = new RecordHeaders();
        headers.add(EnvelopeHeaders.EVENT_ID, eventId.getBytes(StandardCharsets.UTF_8));
        headers.add(EnvelopeHeaders.EVENT_TYPE, eventType.getBytes(StandardCharsets.UTF_8));
        headers.add(EnvelopeHeaders.OCCURRED_AT, occurredAt.toString().getBytes(StandardCharsets.UTF_8));
        String key = source.key() == null ? null : source.key().toString();
        return new ProducerRecord<>(
                source.topic(),
                null,
                occurredAt.toEpochMilli(),
                key,
                source.value().toString(),
                headers);
    }

    private static String header(SourceRecord source, String name) {
        Header header = source.headers().lastWithName(name);
        if (header == null || header.value() == null) {
            throw new IllegalStateException("outbox record for " + source.topic() + " lacks header " + name);
        }
        return header.value().toString();
    }

    private void awaitAck(Future<RecordMetadata> ack, long deadline, ProducerRecord<String, String> record)
            throws InterruptedException {
        try {
            ack.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException(
                    "Kafka did not acknowledge outbox record for " + record.topic() + " (key " + record.key()
                            + "); the batch will be relayed again",
                    e);
        }
    }

    private void relayed(ProducerRecord<String, String> record) {
        Counter.builder("onsale.outbox.relayed")
                .description("Outbox records acknowledged by Kafka")
                .tag("topic", record.topic())
                .register(meters)
                .increment();
        delay.record(Duration.ofMillis(Math.max(0, System.currentTimeMillis() - record.timestamp())));
    }
}
