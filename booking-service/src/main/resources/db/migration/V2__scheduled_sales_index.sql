-- The scheduled sales, by when they open: what the sale clock scans (SKIP LOCKED) every second.
CREATE INDEX events_scheduled ON booking.events (sale_opens_at) WHERE sale_state = 'SCHEDULED';
