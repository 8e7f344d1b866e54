package dev.onsale.platform.outbox;

import dev.onsale.common.EnvelopeHeaders;
import java.util.Properties;

/**
 * The Debezium configuration of a relay: the PostgreSQL connector on the pre-created slot and
 * publication, streaming only (no snapshot), and the EventRouter turning each outbox row into a
 * record for the topic in {@code aggregatetype}, keyed by {@code aggregateid}, with the envelope
 * headers taken from {@code id}, {@code type} and {@code occurred_at}.
 */
final class EngineConfig {

    /** Prefix of the records Debezium emits to confirm its position while the outbox is idle. */
    static final String HEARTBEAT_TOPIC_PREFIX = "__debezium-heartbeat";

    private EngineConfig() {}

    static Properties of(OutboxProperties outbox, PostgresEndpoint db) {
        Properties p = new Properties();
        p.setProperty("name", outbox.slotName());
        p.setProperty("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
        p.setProperty("topic.prefix", outbox.slotName());

        p.setProperty("offset.storage", PostgresOffsetBackingStore.class.getName());
        p.setProperty(PostgresOffsetBackingStore.URL, db.jdbcUrl());
        p.setProperty(PostgresOffsetBackingStore.USER, db.user());
        p.setProperty(PostgresOffsetBackingStore.PASSWORD, db.password());
        p.setProperty(PostgresOffsetBackingStore.TABLE, outbox.qualifiedOffsetsTable());
        // Offsets are written after every acknowledged batch, so a restart re-sends as little as possible.
        p.setProperty("offset.flush.interval.ms", "0");
        p.setProperty(
                "offset.flush.timeout.ms",
                Long.toString(outbox.offsetFlushTimeout().toMillis()));

        p.setProperty("database.hostname", db.host());
        p.setProperty("database.port", Integer.toString(db.port()));
        p.setProperty("database.dbname", db.database());
        p.setProperty("database.user", db.user());
        p.setProperty("database.password", db.password());
        db.parameters().forEach((name, value) -> p.setProperty("database." + name, value));

        p.setProperty("plugin.name", "pgoutput");
        p.setProperty("slot.name", outbox.slotName());
        p.setProperty("publication.name", outbox.publicationName());
        p.setProperty("publication.autocreate.mode", "disabled");
        p.setProperty("snapshot.mode", "no_data");
        p.setProperty("table.include.list", outbox.qualifiedTable().replace(".", "\\."));
        p.setProperty("tombstones.on.delete", "false");
        p.setProperty("poll.interval.ms", Long.toString(outbox.pollInterval().toMillis()));
        p.setProperty(
                "heartbeat.interval.ms",
                Long.toString(outbox.heartbeatInterval().toMillis()));
        p.setProperty("topic.heartbeat.prefix", HEARTBEAT_TOPIC_PREFIX);

        p.setProperty("transforms", "outbox");
        p.setProperty("transforms.outbox.type", "io.debezium.transforms.outbox.EventRouter");
        p.setProperty("transforms.outbox.route.by.field", "aggregatetype");
        p.setProperty("transforms.outbox.route.topic.replacement", "${routedByValue}");
        p.setProperty("transforms.outbox.table.field.event.id", "id");
        p.setProperty("transforms.outbox.table.field.event.key", "aggregateid");
        p.setProperty("transforms.outbox.table.field.event.payload", "payload");
        p.setProperty(
                "transforms.outbox.table.fields.additional.placement",
                "id:header:" + EnvelopeHeaders.EVENT_ID
                        + ",type:header:" + EnvelopeHeaders.EVENT_TYPE
                        + ",occurred_at:header:" + EnvelopeHeaders.OCCURRED_AT);
        return p;
    }
}
