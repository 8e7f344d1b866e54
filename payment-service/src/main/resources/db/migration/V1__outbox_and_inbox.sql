-- Messages leaving payment-service, appended in the transaction of the state change they announce
-- and relayed from the WAL (logical replication slot payment_outbox) to Kafka. Column names are the
-- Debezium EventRouter's standard ones.
CREATE TABLE payment.outbox (
    id            uuid        PRIMARY KEY,  -- header eventId: the consumers' dedupe key
    aggregatetype text        NOT NULL,     -- the topic
    aggregateid   text        NOT NULL,     -- the record key (order id)
    type          text        NOT NULL,     -- header eventType
    payload       jsonb       NOT NULL,     -- the record value
    occurred_at   timestamptz NOT NULL      -- header occurredAt
);

-- The relay's position in the WAL, so a relay restarted on any replica resumes where the last stopped.
CREATE TABLE payment.outbox_offsets (
    offset_key   bytea       PRIMARY KEY,
    offset_value bytea,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Inbox: a message id recorded in the same transaction as its side effect is never applied twice.
CREATE TABLE payment.processed_messages (
    consumer     text        NOT NULL,
    message_id   uuid        NOT NULL,      -- the envelope's eventId
    processed_at timestamptz NOT NULL,
    PRIMARY KEY (consumer, message_id)
);
