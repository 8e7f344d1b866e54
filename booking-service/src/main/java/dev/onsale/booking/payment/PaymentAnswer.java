package dev.onsale.booking.payment;

/**
 * The HTTP answer to a payment request: its status and JSON body. The first one is stored under the request's
 * Idempotency-Key; a repeat gets the stored status with the body of the payment as it is now.
 */
public record PaymentAnswer(int status, String body) {}
