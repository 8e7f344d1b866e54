-- Every provider webhook event applied, by the provider's event id (the same on each retry and duplicate). The
-- row is written in the transaction that applies the event, so an event is applied exactly when its row exists:
-- a duplicate finds the row and changes nothing; two concurrent deliveries of one event wait for each other on
-- the primary key.
CREATE TABLE payment.webhook_events (
    event_id    text        PRIMARY KEY CHECK (char_length(event_id) BETWEEN 1 AND 255),
    type        text        NOT NULL CHECK (char_length(type) BETWEEN 1 AND 100),
    received_at timestamptz NOT NULL DEFAULT now()
);
