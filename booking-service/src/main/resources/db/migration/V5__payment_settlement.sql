-- A payment's status follows payment-service's results:
--   PROCESSING -> SUCCEEDED (its order was confirmed)
--              |  FAILED (declined or given up; the order, if still pending, became PAYMENT_FAILED)
--              |  REFUND_PENDING (the money was captured for an order that had already ended)
--   FAILED     -> REFUND_PENDING (a success after payment-service had given up)
--   REFUND_PENDING -> REFUNDED
-- SUCCEEDED and REFUNDED are final. Entering REFUND_PENDING is what emits RefundRequested, so the trigger below
-- makes a second refund request for one payment impossible, not just unlikely.
ALTER TABLE booking.payments DROP CONSTRAINT payments_status_check;
ALTER TABLE booking.payments
    ADD CONSTRAINT payments_status_check
        CHECK (status IN ('PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUND_PENDING', 'REFUNDED')),
    -- When the first result was applied (the database's now()).
    ADD COLUMN settled_at          timestamptz,
    -- The provider's reason of a failure (e.g. card_declined); kept if a late success follows.
    ADD COLUMN failure_reason      text CHECK (char_length(failure_reason) BETWEEN 1 AND 200),
    -- When RefundRequested was appended to the outbox.
    ADD COLUMN refund_requested_at timestamptz,
    -- The refund payment-service reported in RefundIssued, and when it was applied.
    ADD COLUMN refund_id           uuid,
    ADD COLUMN refunded_at         timestamptz,
    ADD CONSTRAINT payments_settled CHECK ((status = 'PROCESSING') = (settled_at IS NULL)),
    ADD CONSTRAINT payments_failure_reason CHECK (status <> 'FAILED' OR failure_reason IS NOT NULL),
    ADD CONSTRAINT payments_refund_requested
        CHECK ((status IN ('REFUND_PENDING', 'REFUNDED')) = (refund_requested_at IS NOT NULL)),
    ADD CONSTRAINT payments_refunded CHECK ((status = 'REFUNDED') = (refunded_at IS NOT NULL));

CREATE FUNCTION booking.payments_guard_transitions() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
            (OLD.status = 'PROCESSING' AND NEW.status IN ('SUCCEEDED', 'FAILED', 'REFUND_PENDING'))
            OR (OLD.status = 'FAILED' AND NEW.status = 'REFUND_PENDING')
            OR (OLD.status = 'REFUND_PENDING' AND NEW.status = 'REFUNDED')) THEN
        RAISE EXCEPTION 'payment % cannot move from % to %', OLD.payment_id, OLD.status, NEW.status
            USING ERRCODE = 'check_violation', CONSTRAINT = 'payments_legal_transitions';
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER payments_guard_transitions
    BEFORE UPDATE OF status ON booking.payments
    FOR EACH ROW EXECUTE FUNCTION booking.payments_guard_transitions();
