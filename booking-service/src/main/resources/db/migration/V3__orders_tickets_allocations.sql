-- Orders: one per order id minted at inventory's gate. HELD and PAYMENT_PENDING are live (their seats are
-- HELD for them); CONFIRMED owns SOLD seats and tickets; EXPIRED, CANCELLED and PAYMENT_FAILED freed theirs;
-- REFUNDED is a dead order whose late charge was refunded.
CREATE TABLE booking.orders (
    id               uuid        PRIMARY KEY,
    event_id         uuid        NOT NULL REFERENCES booking.events (id),
    session_id       uuid        NOT NULL,
    status           text        NOT NULL CHECK (status IN ('HELD', 'PAYMENT_PENDING', 'CONFIRMED', 'EXPIRED',
                                                           'CANCELLED', 'PAYMENT_FAILED', 'REFUNDED')),
    amount_cents     bigint      NOT NULL CHECK (amount_cents >= 0),
    currency         char(3)     NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    expires_at       timestamptz NOT NULL,
    -- Set when payment starts; a PAYMENT_PENDING order expires at its deadline, not at expires_at.
    payment_deadline timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    version          bigint      NOT NULL DEFAULT 0,
    CONSTRAINT orders_pending_has_deadline CHECK (status <> 'PAYMENT_PENDING' OR payment_deadline IS NOT NULL),
    -- Target of the composite keys below: an order's seats are seats of the order's event.
    CONSTRAINT orders_id_event UNIQUE (id, event_id)
);

-- The seats an order was allocated, in the order they were allocated (kept after the order ends: its history).
CREATE TABLE booking.order_seats (
    order_id    uuid    NOT NULL,
    event_id    uuid    NOT NULL,
    seat_id     text    NOT NULL,
    position    integer NOT NULL CHECK (position BETWEEN 0 AND 99),
    price_cents integer NOT NULL CHECK (price_cents >= 0),
    PRIMARY KEY (order_id, seat_id),
    CONSTRAINT order_seats_position UNIQUE (order_id, position),
    -- Target of seats' and tickets' keys: a seat is held by, or ticketed to, only an order that lists it.
    CONSTRAINT order_seats_seat_order UNIQUE (event_id, seat_id, order_id),
    FOREIGN KEY (order_id, event_id) REFERENCES booking.orders (id, event_id),
    FOREIGN KEY (event_id, seat_id) REFERENCES booking.seats (event_id, seat_id)
);

-- The order holding (HELD) or owning (SOLD) a seat; a FREE seat has none. A seat row has one order_id, so a seat
-- is never in two live holds; the key makes it an order that lists the seat (checked at commit, so a seat can be
-- claimed before its order row is written in the same transaction).
ALTER TABLE booking.seats
    ADD COLUMN order_id uuid,
    ADD CONSTRAINT seats_order_matches_status CHECK ((status = 'FREE') = (order_id IS NULL)),
    ADD CONSTRAINT seats_order_lists_seat FOREIGN KEY (event_id, seat_id, order_id)
        REFERENCES booking.order_seats (event_id, seat_id, order_id) DEFERRABLE INITIALLY DEFERRED;

-- What a CHECK cannot see (the row before the update): a held seat passes to another order only through FREE,
-- a seat is sold only by the order holding it, and a sold seat stays sold.
CREATE FUNCTION booking.seats_guard_transitions() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    IF OLD.status = 'SOLD' AND (NEW.status <> 'SOLD' OR NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
        RAISE EXCEPTION 'seat % of event % is sold to order %', OLD.seat_id, OLD.event_id, OLD.order_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'seats_sold_is_final';
    END IF;
    IF OLD.order_id IS NOT NULL AND NEW.order_id IS NOT NULL AND NEW.order_id <> OLD.order_id THEN
        RAISE EXCEPTION 'seat % of event % is held by order %, not free for order %', OLD.seat_id, OLD.event_id,
            OLD.order_id, NEW.order_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'seats_one_hold_at_a_time';
    END IF;
    IF NEW.status = 'SOLD' AND OLD.status <> 'SOLD' AND (OLD.status <> 'HELD' OR OLD.order_id <> NEW.order_id) THEN
        RAISE EXCEPTION 'seat % of event % is sold only by the order holding it', OLD.seat_id, OLD.event_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'seats_sold_from_hold';
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER seats_guard_transitions
    BEFORE UPDATE OF status, order_id ON booking.seats
    FOR EACH ROW EXECUTE FUNCTION booking.seats_guard_transitions();

-- Tickets of confirmed orders: at most one per seat of an event, ever.
CREATE TABLE booking.tickets (
    id        uuid        PRIMARY KEY,
    order_id  uuid        NOT NULL,
    event_id  uuid        NOT NULL,
    seat_id   text        NOT NULL,
    issued_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT tickets_one_per_seat UNIQUE (event_id, seat_id),
    FOREIGN KEY (event_id, seat_id, order_id) REFERENCES booking.order_seats (event_id, seat_id, order_id)
);
CREATE INDEX tickets_by_order ON booking.tickets (order_id);

-- The decision taken for each order id of onsale.holds.commands, whichever command came first: ALLOCATED (the
-- order row exists), REFUSED (with the reason replied), CANCELLED_FIRST (a CancelAllocation came before any
-- AllocateSeats; a later one is refused with CANCELLED). The primary key serialises the two commands of one order.
CREATE TABLE booking.allocation_decisions (
    order_id   uuid        PRIMARY KEY,
    event_id   uuid        NOT NULL,
    outcome    text        NOT NULL CHECK (outcome IN ('ALLOCATED', 'REFUSED', 'CANCELLED_FIRST')),
    reason     text        CHECK (reason IN ('SEAT_UNAVAILABLE', 'SOLD_OUT', 'EVENT_NOT_FOUND', 'SALE_NOT_OPEN',
                                             'LIMIT_EXCEEDED', 'CANCELLED')),
    decided_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT allocation_decisions_reason CHECK ((outcome = 'REFUSED') = (reason IS NOT NULL))
);

-- What the sweeper scans (SKIP LOCKED) every second: held orders by expiry, payments by deadline.
CREATE INDEX orders_held_expiry ON booking.orders (expires_at) WHERE status = 'HELD';
CREATE INDEX orders_payment_deadline ON booking.orders (payment_deadline) WHERE status = 'PAYMENT_PENDING';
