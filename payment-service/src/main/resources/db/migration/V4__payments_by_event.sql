-- The event each payment is for, so that an event's operator dashboard can count its payments still queued or with
-- the provider. Null for payments taken before this column existed; every payment taken since carries it.
ALTER TABLE payment.payments ADD COLUMN event_id uuid;

-- What the dashboard counts: one event's payments with no result yet.
CREATE INDEX payments_open_by_event ON payment.payments (event_id, status) WHERE status IN ('QUEUED', 'SUBMITTED');
