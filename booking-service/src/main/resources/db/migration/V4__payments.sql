-- A buyer's request to pay an order: at most one per order (an order leaves HELD for PAYMENT_PENDING once), so
-- one buyer action can never become two charges. Only a payment-method token is kept, never card data.
CREATE TABLE booking.payments (
    payment_id     uuid        PRIMARY KEY,
    order_id       uuid        NOT NULL REFERENCES booking.orders (id),
    session_id     uuid        NOT NULL,
    payment_method text        NOT NULL CHECK (payment_method ~ '^tok_[A-Za-z0-9_]{1,64}$'),
    amount_cents   bigint      NOT NULL CHECK (amount_cents >= 0),
    currency       char(3)     NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    -- PROCESSING from the request until payment-service's result is applied.
    status         text        NOT NULL CHECK (status IN ('PROCESSING')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payments_one_per_order UNIQUE (order_id)
);

-- The answer given to (session, Idempotency-Key), replayed to every repeat with the same fingerprint (SHA-256 of
-- the order id and the canonical body). Written in the payment's transaction, so a record exists exactly when its
-- payment does; the primary key makes concurrent duplicates wait for the first one's commit. Kept at least 24 h.
CREATE TABLE booking.payment_idempotency (
    session_id      uuid        NOT NULL,
    idempotency_key text        NOT NULL CHECK (idempotency_key ~ '^[!-~]{1,255}$'),
    fingerprint     char(64)    NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
    -- The payment the answer announced (checked at commit: the record is written before its payment).
    payment_id      uuid        NOT NULL REFERENCES booking.payments (payment_id) DEFERRABLE INITIALLY DEFERRED,
    response_status smallint    NOT NULL CHECK (response_status BETWEEN 200 AND 299),
    response_body   text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (session_id, idempotency_key)
);

-- What the cleanup scans: records past their time to live, oldest first.
CREATE INDEX payment_idempotency_created ON booking.payment_idempotency (created_at);
