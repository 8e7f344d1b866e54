package dev.onsale.platform.outbox;

import io.debezium.embedded.Connect;
import io.debezium.engine.ChangeEvent;
import io.debezium.engine.DebeziumEngine;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Moves the outbox to Kafka with Debezium embedded, on the one replica that holds the relay's
 * {@link LeaderLock}; the others stand by and retry every {@code leader-retry}.
 * <p>
 * Starts in {@link #PHASE}, before the web server and the Kafka listeners (and after Flyway, which
 * runs while the context is refreshed): {@link #start()} returns only once the publication and the
 * replication slot exist, so every outbox row committed from then on is relayed, even if Debezium
 * is not streaming yet. Stops after them, closing the engine with {@code close()} (never by
 * interrupting its thread), which stores the offsets of what Kafka acknowledged.
 */
public class OutboxRelay implements SmartLifecycle {

    /** Before the web server (which starts at {@code Integer.MAX_VALUE - 2048}) and the Kafka listeners. */
    public static final int PHASE = Integer.MAX_VALUE - 4096;

    private static final Logger log = LoggerFactory.getLogger(OutboxRelay.class);

    private final OutboxProperties properties;
    private final PostgresEndpoint endpoint;
    private final Map<String, Object> producerConfig;
    private final MeterRegistry meters;
    private final ReplicationSlot slot;
    private final LeaderLock lock;
    private final Object monitor = new Object();

    private ScheduledExecutorService leadership;
    private volatile boolean running;
    private volatile Run run;

    /**
     * @param producerConfig Kafka producer settings (bootstrap servers, security); idempotence,
     *                       {@code acks=all} and String serializers are enforced here
     */
    public OutboxRelay(
            OutboxProperties properties,
            JdbcTemplate jdbc,
            PostgresEndpoint endpoint,
            Map<String, Object> producerConfig,
            MeterRegistry meters) {
        if (properties.slotName() == null) {
            throw new IllegalArgumentException("onsale.outbox.slot-name is required for the relay");
        }
        this.properties = properties;
        this.endpoint = endpoint;
        this.producerConfig = relayProducerConfig(producerConfig, properties.slotName());
        this.meters = meters;
        this.slot = new ReplicationSlot(jdbc, properties);
        this.lock = new LeaderLock(endpoint, jdbc, properties.slotName());
        Gauge.builder("onsale.outbox.slot.retained", slot, s -> orNaN(s.retainedBytes()))
                .description("WAL bytes the relay's slot retains beyond its confirmed position")
                .baseUnit("bytes")
                .tag("slot", properties.slotName())
                .register(meters);
    }

    @Override
    public void start() {
        synchronized (monitor) {
            if (running) {
                return;
            }
            slot.ensureExists();
            leadership = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform()
                    .name("outbox-relay-" + properties.slotName())
                    .daemon()
                    .factory());
            running = true;
            leadership.scheduleWithFixedDelay(
                    this::lead, 0, properties.leaderRetry().toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void stop() {
        synchronized (monitor) {
            if (!running) {
                return;
            }
            running = false;
            leadership.shutdown();
            try {
                if (!leadership.awaitTermination(properties.shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                    log.warn("Outbox relay {} did not finish its leadership step in time", properties.slotName());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            stopEngine();
            lock.close();
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public int getPhase() {
        return PHASE;
    }

    /** What this replica does for the relay right now, for readiness. */
    public RelayStatus status() {
        Run current = run;
        if (lock.isHeld()) {
            boolean streaming = current != null && current.taskStarted && !current.finished && slot.isActive();
            return streaming ? RelayStatus.STREAMING : RelayStatus.STARTING;
        }
        return running && lock.heldElsewhere() ? RelayStatus.STANDBY : RelayStatus.STOPPED;
    }

    public String slotName() {
        return properties.slotName();
    }

    /** One leadership step: become leader if possible, keep the engine running while leader. */
    private void lead() {
        if (!running) {
            return;
        }
        try {
            if (lock.isHeld() && !lock.verify()) {
                log.warn("Outbox relay {} lost its leader session; stopping the engine", properties.slotName());
                stopEngine();
                return;
            }
            if (!lock.isHeld() && !lock.tryAcquire()) {
                return;
            }
            Run current = run;
            if (current == null || current.finished) {
                if (current != null) {
                    stopEngine();
                }
                if (slot.isActive()) {
                    // The previous leader's replication session has not ended yet; PostgreSQL would refuse a second
                    // one.
                    log.info("Outbox relay {} waits for the slot to be released", properties.slotName());
                    return;
                }
                startEngine();
            }
        } catch (Exception e) {
            log.warn(
                    "Outbox relay {} leadership step failed; retrying in {}",
                    properties.slotName(),
                    properties.leaderRetry(),
                    e);
        }
    }

    private void startEngine() {
        Producer<String, String> producer = new KafkaProducer<>(producerConfig);
        Run next = new Run(producer);
        DebeziumEngine<ChangeEvent<SourceRecord, SourceRecord>> engine = DebeziumEngine.create(Connect.class)
                .using(EngineConfig.of(properties, endpoint))
                .notifying(new KafkaForwarder(producer, properties.sendTimeout(), meters))
                .using(next)
                .using(next::completed)
                .build();
        next.engine = engine;
        next.executor.execute(engine);
        run = next;
        log.info("Outbox relay {} is leader; engine starting", properties.slotName());
    }

    private void stopEngine() {
        Run current = run;
        run = null;
        if (current != null) {
            current.close(properties);
        }
    }

    private static Map<String, Object> relayProducerConfig(Map<String, Object> base, String slotName) {
        Map<String, Object> config = new HashMap<>(base);
        config.remove(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.CLIENT_ID_CONFIG, "outbox-relay-" + slotName);
        return config;
    }

    private static double orNaN(Long value) {
        return value == null ? Double.NaN : value;
    }

    /** One engine run: its thread, its producer, and what its callbacks reported. */
    private static final class Run implements DebeziumEngine.ConnectorCallback {
        final ExecutorService executor = Executors.newSingleThreadExecutor(
                Thread.ofPlatform().name("outbox-relay-engine").factory());
        final Producer<String, String> producer;
        DebeziumEngine<ChangeEvent<SourceRecord, SourceRecord>> engine;
        volatile boolean taskStarted;
        volatile boolean finished;

        Run(Producer<String, String> producer) {
            this.producer = producer;
        }

        @Override
        public void taskStarted() {
            taskStarted = true;
            log.info("Outbox relay engine task started");
        }

        @Override
        public void taskStopped() {
            taskStarted = false;
        }

        void completed(boolean success, String message, Throwable error) {
            finished = true;
            taskStarted = false;
            if (success) {
                log.info("Outbox relay engine stopped: {}", message);
            } else {
                log.error("Outbox relay engine failed: {}", message, error);
            }
        }

        void close(OutboxProperties properties) {
            try {
                engine.close();
            } catch (IOException e) {
                log.warn("Closing the outbox relay engine failed", e);
            }
            executor.shutdown();
            try {
                if (!executor.awaitTermination(properties.shutdownTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                    log.warn(
                            "Outbox relay engine {} did not stop within {}",
                            properties.slotName(),
                            properties.shutdownTimeout());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            producer.close(properties.shutdownTimeout());
        }
    }
}
