-- Events and their seats: the database of record for what can be sold.
CREATE TABLE booking.events (
    id               uuid        PRIMARY KEY,
    name             text        NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
    venue            text        NOT NULL CHECK (char_length(venue) BETWEEN 1 AND 200),
    starts_at        timestamptz NOT NULL,
    sale_opens_at    timestamptz NOT NULL,
    sale_state       text        NOT NULL
        CHECK (sale_state IN ('SCHEDULED', 'OPEN', 'PAUSED', 'HALTED', 'SOLD_OUT', 'CLOSED')),
    seated           boolean     NOT NULL,
    -- Number of seats rows of the event; the seats are inserted in the same transaction.
    capacity         integer     NOT NULL CHECK (capacity BETWEEN 1 AND 100000),
    currency         char(3)     NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    hold_ttl_seconds integer     NOT NULL CHECK (hold_ttl_seconds BETWEEN 10 AND 3600),
    max_per_order    integer     NOT NULL CHECK (max_per_order BETWEEN 1 AND 10),
    created_at       timestamptz NOT NULL DEFAULT now(),
    version          bigint      NOT NULL DEFAULT 0,
    CONSTRAINT events_sale_opens_before_start CHECK (sale_opens_at < starts_at)
);

-- One row per sellable seat. Seated events: seat_id '<section>-<row>-<seat>'; general admission:
-- section 'GA', no row, seat_id 'GA-<n>'. A seat is in exactly one status at a time.
CREATE TABLE booking.seats (
    event_id    uuid    NOT NULL REFERENCES booking.events (id),
    seat_id     text    NOT NULL,
    section     text    NOT NULL CHECK (section ~ '^[A-Z0-9]{1,8}$'),
    row_no      integer CHECK (row_no BETWEEN 1 AND 1000),
    seat_no     integer NOT NULL CHECK (seat_no BETWEEN 1 AND 100000),
    price_cents integer NOT NULL CHECK (price_cents BETWEEN 0 AND 10000000),
    status      text    NOT NULL DEFAULT 'FREE' CHECK (status IN ('FREE', 'HELD', 'SOLD')),
    PRIMARY KEY (event_id, seat_id)
);

-- The free seats of an event: what allocation scans (SKIP LOCKED) must find without touching held or sold rows.
CREATE INDEX seats_free ON booking.seats (event_id, seat_id) WHERE status = 'FREE';

-- Transactional outbox relayed to Kafka by Debezium (EventRouter column names).
CREATE TABLE booking.outbox (
    id            uuid        PRIMARY KEY,
    aggregatetype text        NOT NULL,
    aggregateid   text        NOT NULL,
    type          text        NOT NULL,
    payload       jsonb       NOT NULL,
    occurred_at   timestamptz NOT NULL
);

-- The relay's source offsets (its position in the WAL), shared by every replica.
CREATE TABLE booking.outbox_offsets (
    offset_key   bytea       PRIMARY KEY,
    offset_value bytea,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

-- Inbox: ids of the messages each consumer has processed, written with the consumer's side effect.
CREATE TABLE booking.processed_messages (
    consumer     text        NOT NULL,
    message_id   uuid        NOT NULL,
    processed_at timestamptz NOT NULL,
    PRIMARY KEY (consumer, message_id)
);
