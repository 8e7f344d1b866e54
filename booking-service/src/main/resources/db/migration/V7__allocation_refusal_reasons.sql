-- Two more reasons an allocation is refused: a chosen seat id the event does not have (UNKNOWN_SEAT), and seats
-- chosen at a general-admission event (NOT_SEATED). Both are the buyer's bad input, answered as a 400 naming it.
ALTER TABLE booking.allocation_decisions DROP CONSTRAINT allocation_decisions_reason_check;
ALTER TABLE booking.allocation_decisions ADD CONSTRAINT allocation_decisions_reason_check
    CHECK (reason IN ('SEAT_UNAVAILABLE', 'UNKNOWN_SEAT', 'NOT_SEATED', 'SOLD_OUT', 'EVENT_NOT_FOUND', 'SALE_NOT_OPEN',
                      'LIMIT_EXCEEDED', 'CANCELLED'));
