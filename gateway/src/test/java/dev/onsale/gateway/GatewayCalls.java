package dev.onsale.gateway;

import dev.onsale.common.EnvelopeHeaders;
import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.HmacSigner;
import dev.onsale.testing.TestHttp;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/** What the gateway's integration tests call it with: the operators' local tokens and a buyer's session. */
final class GatewayCalls {

    /** The gateway's local-only operator tokens (application.yml). */
    static final String ADMIN_TOKEN = "local-admin-token";

    static final String AUDITOR_TOKEN = "local-auditor-token";

    /** A service's check of the gateway's signature, with the local-only default key the services share. */
    static final GatewaySignature SERVICES = new GatewaySignature(
            new HmacSigner("local-only-identity-key-change-me-in-production"),
            Duration.ofSeconds(30),
            Duration.ofSeconds(5));

    private GatewayCalls() {}

    /** A fresh buyer session token from the gateway. */
    static String newSession(TestHttp gateway) {
        TestHttp.Reply created = gateway.post("/api/sessions", "{}").send();
        if (created.status() != 201) {
            throw new IllegalStateException("session not created: " + created);
        }
        return created.json().get("sessionToken").asString();
    }

    static String unique() {
        return UUID.randomUUID().toString();
    }

    /** A local port nothing listens on. */
    static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Publishes one message onto the embedded Kafka as a service's outbox would: keyed, with its envelope headers. */
    static void publish(String topic, String key, String eventType, String payload) throws Exception {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, System.getProperty("ONSALE_KAFKA_BOOTSTRAP"),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(config)) {
            ProducerRecord<String, String> record = new ProducerRecord<>(topic, key, payload);
            record.headers()
                    .add(EnvelopeHeaders.EVENT_ID, UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8))
                    .add(EnvelopeHeaders.EVENT_TYPE, eventType.getBytes(StandardCharsets.UTF_8))
                    .add(EnvelopeHeaders.OCCURRED_AT, Instant.now().toString().getBytes(StandardCharsets.UTF_8));
            producer.send(record).get();
        }
    }
}
