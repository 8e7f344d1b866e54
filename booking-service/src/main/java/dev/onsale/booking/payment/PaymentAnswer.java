package dev.onsale.booking.payment;

/** An HTTP answer as it was first given: replayed byte for byte to every repeat of its request. */
public record StoredAnswer(int status, String body) {}
