package dev.onsale.inventory.hold.web;

import dev.onsale.inventory.hold.HoldAnswer;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** 201 body of a hold: the database already holds these seats until {@code expiresAt}. */
record HoldResponse(UUID orderId, List<String> seatIds, long amountCents, String currency, Instant expiresAt) {

    static HoldResponse of(HoldAnswer.Held held) {
        return new HoldResponse(held.orderId(), held.seatIds(), held.amountCents(), held.currency(), held.expiresAt());
    }
}
