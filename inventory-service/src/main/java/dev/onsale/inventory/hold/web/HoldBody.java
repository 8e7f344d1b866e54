package dev.onsale.inventory.hold.web;

import java.util.List;

/** The body of a hold request as sent: {@code seatIds} xor {@code quantity}; checked by {@link HoldBodyValidation}. */
record HoldBody(List<String> seatIds, Integer quantity) {}
