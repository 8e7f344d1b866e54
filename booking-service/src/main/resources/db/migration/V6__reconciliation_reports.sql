-- Reconciliation reports, append-only and hash-chained: each report's content (canonical JSON, stored as the very
-- text that was hashed) names the previous report's hash, and its own hash is SHA-256 over that content. An altered
-- report no longer matches its hash; a removed one breaks the next report's link or the run of sequence numbers.
CREATE TABLE booking.reconciliation_reports (
    seq           bigint      PRIMARY KEY CHECK (seq >= 1),
    report_id     uuid        NOT NULL UNIQUE,
    started_at    timestamptz NOT NULL,
    finished_at   timestamptz NOT NULL,
    trigger       text        NOT NULL CHECK (trigger IN ('SCHEDULE', 'OPERATOR')),
    drifts        integer     NOT NULL CHECK (drifts >= 0),
    content       text        NOT NULL,
    previous_hash char(64)    NOT NULL,
    hash          char(64)    NOT NULL UNIQUE,
    CONSTRAINT reconciliation_reports_in_order CHECK (finished_at >= started_at)
);

-- Nothing alters or removes a stored report: not the service, not an operator's SQL, short of dropping this guard.
CREATE FUNCTION booking.reconciliation_reports_append_only() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    RAISE EXCEPTION 'reconciliation reports are append-only'
        USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE TRIGGER reconciliation_reports_append_only
    BEFORE UPDATE OR DELETE ON booking.reconciliation_reports
    FOR EACH ROW EXECUTE FUNCTION booking.reconciliation_reports_append_only();

CREATE TRIGGER reconciliation_reports_no_truncate
    BEFORE TRUNCATE ON booking.reconciliation_reports
    FOR EACH STATEMENT EXECUTE FUNCTION booking.reconciliation_reports_append_only();
