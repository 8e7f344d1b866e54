package dev.onsale.payment.provider;

/** Body of {@code POST /v1/refunds}: the same for every retry of one refund. */
public record RefundRequest(String charge, long amountCents) {}
