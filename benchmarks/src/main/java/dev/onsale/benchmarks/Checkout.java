package dev.onsale.benchmarks;

import dev.onsale.benchmarks.TabClient.Answer;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An admitted buyer's checkout on its tab: holds a seat, then pays and follows its order until it is confirmed or
 * ended, or walks away (its hold then expires and sells again); holds again when a payment ends without a ticket.
 * As its {@link Plan} says, a buyer may pay first with a card that is declined and then with another on a new hold,
 * and may double-click "Pay". Every hold, decline and double-click goes to the sale's {@link Conduct}.
 */
final class Checkout {

    /** The buyers' payment call, as their figures name it. */
    static final String PAYMENT_CALL = "POST /api/orders/{id}/payments";

    /** An order's statuses that end it without a ticket: another card or another try means a new hold. */
    static final List<String> ENDED = List.of("EXPIRED", "PAYMENT_FAILED", "CANCELLED", "REFUNDED");
    /** How long an order page reads 404 before it says the order does not exist: past any hold's own deadline. */
    static final Duration GONE_AFTER = Duration.ofSeconds(30);

    /** How a buyer checks out: whether it pays, whether its first card is declined, whether it double-clicks. */
    record Plan(boolean pays, boolean declinedFirst, boolean doubleClick) {

        static Plan of(Behaviour behaviour, boolean pays) {
            return new Plan(
                    pays || behaviour.alwaysPays(),
                    behaviour == Behaviour.DECLINE,
                    behaviour == Behaviour.DOUBLE_CLICK);
        }
    }

    private final TabClient http;
    private final UUID eventId;
    private final AtomicBoolean soldOut;
    private final long deadline;
    private final Conduct conduct;

    Checkout(TabClient http, UUID eventId, AtomicBoolean soldOut, long deadline, Conduct conduct) {
        this.http = http;
        this.eventId = eventId;
        this.soldOut = soldOut;
        this.deadline = deadline;
        this.conduct = conduct;
    }

    /**
     * How many times a buyer is told "every seat is held, try again in a few seconds" before going: told so, a person
     * tries again a few times, not for as long as the sale lasts. The seats that come back are sold to the buyers
     * the waiting room lets in as they do.
     */
    static final int SOLD_OUT_FOR_NOW_ASKS = 4;

    /** How a buyer ended who went after {@link #SOLD_OUT_FOR_NOW_ASKS} such answers. */
    static final String GAVE_UP = "sold out for now, gave up";

    /**
     * Holds, and pays or walks away, until a ticket, a walk-away or sold out; returns how it ended. {@code firstHold}
     * is the answer to a hold already asked for on this admission (null: none yet).
     */
    String holdAndPay(
            TabClient.Tab tab, String token, String admission, Plan plan, Random random, Answer firstHold, Behaviour by)
            throws InterruptedException {
        DeclineLog decline = plan.declinedFirst() ? new DeclineLog() : null;
        String ending = checkout(tab, token, admission, plan, random, firstHold, by, decline);
        if (decline != null) {
            conduct.declined(new Conduct.Decline(decline.order, decline.orderStatus, decline.paidOrder, ending));
        }
        return ending;
    }

    /** What a declining buyer's declined order became, and the order it paid for after. */
    private static final class DeclineLog {
        UUID order;
        String orderStatus;
        UUID paidOrder;
    }

    private String checkout(
            TabClient.Tab tab,
            String token,
            String admission,
            Plan plan,
            Random random,
            Answer firstHold,
            Behaviour by,
            DeclineLog decline)
            throws InterruptedException {
        String key = UUID.randomUUID().toString();
        Answer given = firstHold;
        int soldOutForNow = 0;
        while (!soldOut.get() && System.nanoTime() < deadline) {
            Answer hold = given != null
                    ? given
                    : tab.call(
                            "POST /api/events/{e}/holds",
                            http.post("/api/events/" + eventId + "/holds", token, admission, key, "{\"quantity\": 1}"));
            given = null;
            if (hold.status() == 201) {
                UUID order = UUID.fromString(hold.body().path("orderId").asString());
                conduct.held(new Conduct.Hold(order, token, expiresAt(hold), by));
                if (!plan.pays()) {
                    return "held and walked away";
                }
                boolean declining = decline != null && decline.order == null;
                Answer payment = pay(tab, order, token, declining ? "tok_declined" : "tok_visa", plan.doubleClick());
                if (payment.status() != 202) {
                    key = UUID.randomUUID().toString();
                    continue;
                }
                String status = follow(tab, order, token);
                if (declining) {
                    decline.order = order;
                    decline.orderStatus = status;
                }
                if (status.equals("CONFIRMED")) {
                    if (decline != null && !declining) {
                        decline.paidOrder = order;
                    }
                    return "paid";
                }
                key = UUID.randomUUID().toString();
            } else if (refusedSoldOut(hold) && hold.retryAfter().isEmpty()) {
                // sold out for good: nothing held can come back
                return "sold out (hold)";
            } else if (refusedSoldOut(hold) && ++soldOutForNow >= SOLD_OUT_FOR_NOW_ASKS) {
                return GAVE_UP;
            } else if (refusedSoldOut(hold)) {
                // every seat held right now: some may come back; as a page would, ask again after Retry-After,
                // spread over half as long again so that the crowd does not ask in step
                long wait = hold.retryAfterSeconds() * 1000;
                tab.pause(wait + random.nextLong(wait / 2 + 1));
                key = UUID.randomUUID().toString();
            } else if (hold.status() == 409 || hold.status() == 422) {
                tab.pause(3000 + random.nextInt(2000));
                key = UUID.randomUUID().toString();
            } else if (hold.status() == 403) {
                return "admission refused";
            } else {
                tab.pause(hold.retryAfterSeconds() * 1000);
            }
        }
        return soldOut.get() ? "sold out while holding" : "time limit while holding";
    }

    /** Asks to pay {@code order} with {@code method}; a double-click sends the same request twice at once. */
    private Answer pay(TabClient.Tab tab, UUID order, String token, String method, boolean doubleClick)
            throws InterruptedException {
        TabClient.Request request = http.post(
                "/api/orders/" + order + "/payments",
                token,
                null,
                UUID.randomUUID().toString(),
                "{\"paymentMethod\": \"" + method + "\"}");
        if (!doubleClick) {
            return tab.call(PAYMENT_CALL, request);
        }
        // the browser sends the second click's request on a connection of its own while the first is on its way
        AtomicReference<Answer> second = new AtomicReference<>(Answer.NONE);
        CountDownLatch click = new CountDownLatch(1);
        Answer first;
        try (TabClient.Tab other = http.open()) {
            Thread clicker = Thread.ofVirtual().start(() -> {
                try {
                    click.await();
                    second.set(other.call(PAYMENT_CALL, request));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            click.countDown();
            first = tab.call(PAYMENT_CALL, request);
            clicker.join();
        }
        conduct.doubleClicked(new Conduct.DoubleClick(
                order, first.status(), second.get().status(), paymentId(first), paymentId(second.get())));
        return first.status() == 202 ? first : second.get();
    }

    /**
     * Reads the order once a second until it is confirmed or ended, or has been unknown ({@code 404}) for
     * {@link #GONE_AFTER}, as an order page gives up on an order that does not exist; its last status ("" if never
     * read, {@code NOT_FOUND} if given up). An order the gate took while booking was down may never reach the
     * database (the gate gives it up when no allocation comes), and a page that waited for it would wait for ever.
     */
    String follow(TabClient.Tab tab, UUID order, String token) throws InterruptedException {
        String status = "";
        long missingSince = 0;
        while (System.nanoTime() < deadline) {
            tab.pause(1000);
            Answer read = tab.call("GET /api/orders/{id}", http.get("/api/orders/" + order, token, null));
            if (read.status() == 404) {
                missingSince = missingSince == 0 ? System.nanoTime() : missingSince;
                if (System.nanoTime() - missingSince >= GONE_AFTER.toNanos()) {
                    return "NOT_FOUND";
                }
                continue;
            }
            missingSince = 0;
            status = read.status() == 200 ? read.body().path("status").asString() : status;
            if (status.equals("CONFIRMED") || ENDED.contains(status)) {
                return status;
            }
        }
        return status;
    }

    static boolean refusedSoldOut(Answer hold) {
        return hold.status() == 409
                && "/problems/sold-out".equals(hold.body().path("type").asString());
    }

    private static String paymentId(Answer payment) {
        return payment.body() == null ? null : payment.body().path("paymentId").asString(null);
    }

    /** A hold answer's {@code expiresAt}; null when it gives none that parses. */
    static Instant expiresAt(Answer hold) {
        try {
            return Instant.parse(hold.body().path("expiresAt").asString(""));
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
