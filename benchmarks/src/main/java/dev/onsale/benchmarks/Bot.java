package dev.onsale.benchmarks;

import dev.onsale.benchmarks.TabClient.Answer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A bot that tries to skip the line: it takes a session but never waits, and tries to hold a seat with each of
 * {@link BotTokens.Trick}'s tokens in turn, a few seconds apart. A hold it gets is a hole in the waiting room (the
 * audit's "bots that got a hold"); it gives the seat back at once, so that the sale itself stays the honest buyers'.
 * The tricks that start from an honest buyer's token wait a while for one to leak ({@link Conduct#leak}).
 */
final class Bot {

    /** Bots hold in these calls' figures, apart from the honest buyers' holds. */
    static final String HOLD_CALL = "POST /api/events/{e}/holds (bot)";

    /** How long a trick that needs an honest buyer's token waits for one to leak. */
    private static final long LEAK_WAIT_NANOS = 30_000_000_000L;

    /** How often a try answered 429 or 503 is made again, after its Retry-After. */
    private static final int RETRIES = 3;

    private final TabClient http;
    private final UUID eventId;
    private final Conduct conduct;
    private final AtomicBoolean soldOut;
    private final long deadline;

    Bot(TabClient http, UUID eventId, Conduct conduct, AtomicBoolean soldOut, long deadline) {
        this.http = http;
        this.eventId = eventId;
        this.conduct = conduct;
        this.soldOut = soldOut;
        this.deadline = deadline;
    }

    /** One bot, on its own tab; returns how it ended. */
    String run(TabClient.Tab tab, Random random) throws InterruptedException {
        Answer session = tab.call("POST /api/sessions (bot)", http.post("/api/sessions", null, null, null, "{}"));
        if (session.status() != 201) {
            return "no session: " + session.status();
        }
        String token = session.body().path("sessionToken").asString();
        List<Conduct.BotTry> tries = new ArrayList<>();
        for (BotTokens.Trick trick : BotTokens.Trick.values()) {
            String leaked = trick.needsLeak() ? awaitLeak(random) : null;
            if (trick.needsLeak() && leaked == null) {
                tries.add(new Conduct.BotTry(trick.label() + " (none leaked)", -1, "not sent"));
                continue;
            }
            tries.add(attempt(tab, trick, token, leaked, random));
            tab.pause(1000 + random.nextInt(1000));
        }
        Conduct.BotRun bot = new Conduct.BotRun(tries);
        conduct.bot(bot);
        return bot.gotHold() ? "bot got a hold" : "bot refused";
    }

    private Conduct.BotTry attempt(TabClient.Tab tab, BotTokens.Trick trick, String token, String leaked, Random random)
            throws InterruptedException {
        String admission = BotTokens.token(trick, eventId, token, leaked, random, Instant.now());
        Answer hold = Answer.NONE;
        for (int attempt = 0; attempt <= RETRIES; attempt++) {
            hold = tab.call(
                    HOLD_CALL,
                    http.post(
                            "/api/events/" + eventId + "/holds",
                            token,
                            admission,
                            UUID.randomUUID().toString(),
                            "{\"quantity\": 1}"));
            if (hold.status() != 429 && hold.status() != 503 && hold.status() != 0) {
                break;
            }
            tab.pause(hold.retryAfterSeconds() * 1000);
        }
        if (hold.status() == 201) {
            String order = hold.body().path("orderId").asString();
            tab.call("DELETE /api/orders/{id} (bot)", http.delete("/api/orders/" + order, token));
        }
        String slug = hold.body() == null || hold.status() < 400
                ? ""
                : " " + hold.body().path("type").asString("").replace("/problems/", "");
        return new Conduct.BotTry(trick.label(), hold.status(), hold.status() + slug);
    }

    /** An honest buyer's leaked admission token, waiting for one up to a while; null if none leaked by then. */
    private String awaitLeak(Random random) throws InterruptedException {
        long until = Math.min(deadline, System.nanoTime() + LEAK_WAIT_NANOS);
        for (String leaked = conduct.leakedToken(random); ; leaked = conduct.leakedToken(random)) {
            if (leaked != null || soldOut.get() || System.nanoTime() > until) {
                return leaked;
            }
            Thread.sleep(500);
        }
    }
}
