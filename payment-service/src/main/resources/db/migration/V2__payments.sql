-- The payment queue. The database is the queue: durable, shared by every replica, claimed row by row with
-- FOR UPDATE SKIP LOCKED. One row per payment (booking's payment id), at most one per order; only a
-- payment-method token is kept, never card data.
CREATE TABLE payment.payments (
    payment_id         uuid        PRIMARY KEY,   -- booking's id; the Idempotency-Key of every charge request
    order_id           uuid        NOT NULL,
    amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
    currency           char(3)     NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    payment_method     text        NOT NULL CHECK (payment_method ~ '^tok_[A-Za-z0-9_]{1,64}$'),
    -- QUEUED: to be submitted; SUBMITTED: the provider has the charge, no result yet; SUCCEEDED / DECLINED: the
    -- provider's result; FAILED: we gave up or the provider refused the request (a later success still settles).
    status             text        NOT NULL CHECK (status IN ('QUEUED', 'SUBMITTED', 'SUCCEEDED', 'DECLINED', 'FAILED')),
    requested_at       timestamptz NOT NULL,      -- when the buyer asked (booking's clock)
    deadline           timestamptz NOT NULL,      -- the payment bound: no submission is attempted after it
    -- When the row is next taken: by the dispatcher while QUEUED, by the poller while the charge is unresolved.
    -- Taking a row pushes it to the end of a lease, so a replica that dies mid-call delays it by one lease only.
    due_at             timestamptz NOT NULL,
    claim              uuid,                      -- token of the dispatcher claim whose outcome may reschedule it
    attempts           integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),  -- retryable submission failures
    polls              integer     NOT NULL DEFAULT 0 CHECK (polls >= 0),     -- status polls answered PENDING
    charge_id          text        UNIQUE,        -- the provider's charge (ch_...), once known
    failure_reason     text,
    first_submitted_at timestamptz,               -- the first accepted submission (queue wait ends here)
    settled_at         timestamptz,               -- the last final result
    created_at         timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT payments_one_per_order UNIQUE (order_id),
    CONSTRAINT payments_charge_known CHECK (status NOT IN ('SUBMITTED', 'SUCCEEDED', 'DECLINED') OR charge_id IS NOT NULL),
    CONSTRAINT payments_settled CHECK ((status IN ('QUEUED', 'SUBMITTED')) = (settled_at IS NULL))
);

-- What the dispatcher claims: queued rows that are due, oldest first.
CREATE INDEX payments_queued_due ON payment.payments (due_at) WHERE status = 'QUEUED';
-- What the give-up pass scans: queued rows past their bound.
CREATE INDEX payments_queued_deadline ON payment.payments (deadline) WHERE status = 'QUEUED';
-- What the poller claims: charges the provider has not resolved for us yet.
CREATE INDEX payments_unresolved_due ON payment.payments (due_at)
    WHERE status = 'SUBMITTED' OR (status = 'FAILED' AND charge_id IS NOT NULL);

-- Refunds of captured payments: at most one per payment (its Idempotency-Key is derived from the payment id).
CREATE TABLE payment.refunds (
    payment_id         uuid        PRIMARY KEY REFERENCES payment.payments (payment_id),
    refund_id          uuid        NOT NULL UNIQUE,  -- ours, announced in RefundIssued
    order_id           uuid        NOT NULL,
    amount_cents       bigint      NOT NULL CHECK (amount_cents > 0),
    reason             text        NOT NULL,
    -- QUEUED: to be sent (once its payment has SUCCEEDED); SUCCEEDED: the provider refunded it; FAILED: the
    -- provider refused it (an operator must look).
    status             text        NOT NULL CHECK (status IN ('QUEUED', 'SUCCEEDED', 'FAILED')),
    due_at             timestamptz NOT NULL,
    claim              uuid,
    attempts           integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    provider_refund_id text        UNIQUE,           -- the provider's refund (re_...), once known
    failure_reason     text,
    requested_at       timestamptz NOT NULL DEFAULT now(),
    settled_at         timestamptz,
    CONSTRAINT refunds_settled CHECK ((status = 'QUEUED') = (settled_at IS NULL)),
    CONSTRAINT refunds_provider_known CHECK (status <> 'SUCCEEDED' OR provider_refund_id IS NOT NULL)
);

CREATE INDEX refunds_queued_due ON payment.refunds (due_at) WHERE status = 'QUEUED';
