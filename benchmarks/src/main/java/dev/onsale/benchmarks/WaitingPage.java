package dev.onsale.benchmarks;

import dev.onsale.benchmarks.TabClient.Answer;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The waiting page as one tab follows it: the arrival (a session that joins in the same call, or a session and then
 * a join), then the public progress document (or, {@code --protocol=status}, status polls at {@code pollAfterMs})
 * until the tab's place is reached, and its status then, until ADMITTED. A hammering tab ignores the page's pacing:
 * it asks its status about every {@link #HAMMER_MS}, whatever {@code pollAfterMs} or a {@code Retry-After} say.
 * What the tab is told goes to its {@link TabLog}.
 */
final class WaitingPage {

    /** The longest a refused arrival waits before it tries again, as the page's backoff. */
    static final long MAX_BACKOFF_MS = 30_000;

    /** The longest a tab whose line was lost waits before it asks, as the page's spread. */
    static final long MAX_LOST_LINE_SPREAD_MS = 10_000;

    /** A progress read, as the figures name it. */
    static final String PROGRESS_CALL = "GET /api/queue/{e}/progress";

    /** How often a hammering tab asks its status: a refresh every 200 ms, give or take a fifth. */
    static final long HAMMER_MS = 200;

    /** A tab's arrival: its session and, arriving in one call, its join's answer; or why it has none. */
    record Arrival(String session, Answer joined, String ending) {}

    /** A tab's wait: its admission token, or how the wait ended without one. */
    record Wait(String admission, String ending) {}

    private final TabClient http;
    private final UUID eventId;
    private final boolean edgeProtocol;
    private final boolean oneCallArrival;
    private final AtomicBoolean soldOut;
    private final long deadline;
    private final Edge edge;

    /** The page of {@code eventId}'s tabs; {@code edge}, when not null, answers their progress reads. */
    WaitingPage(
            TabClient http,
            UUID eventId,
            boolean edgeProtocol,
            boolean oneCallArrival,
            AtomicBoolean soldOut,
            long deadline,
            Edge edge) {
        this.http = http;
        this.eventId = eventId;
        this.edgeProtocol = edgeProtocol;
        this.oneCallArrival = oneCallArrival;
        this.soldOut = soldOut;
        this.deadline = deadline;
        this.edge = edge;
    }

    /**
     * The buyer's arrival on {@code tab}: a session, joined in the same call unless arriving in two. As the page, an
     * arrival answered 429 or 503 (or not at all) is tried again, after its Retry-After and a backoff that doubles
     * from 1 s to {@value #MAX_BACKOFF_MS} ms, spread by a fifth; anything else without a session is the end.
     */
    Arrival arrive(TabClient.Tab tab, TabLog log, Random random) throws InterruptedException {
        for (int failures = 1; ; failures++) {
            if (oneCallArrival) {
                log.joinSent(System.nanoTime()); // the first try is when the buyer arrived
            }
            Answer session = oneCallArrival
                    ? tab.call(
                            "POST /api/sessions + join",
                            http.post("/api/sessions", null, null, null, "{\"eventId\": \"" + eventId + "\"}"))
                    : tab.call("POST /api/sessions", http.post("/api/sessions", null, null, null, "{}"));
            if (session.status() == 201) {
                Answer joined = null;
                if (oneCallArrival) {
                    log.joinAnswered(System.nanoTime(), session.body().path("queue"));
                    // the arrival's join, answered with the session: handled as a join's answer
                    joined = new Answer(200, session.body().path("queue"), session.retryAfter(), null);
                }
                return new Arrival(session.body().path("sessionToken").asString(), joined, null);
            }
            boolean again = session.status() == 429 || session.status() == 503 || session.status() == 0;
            if (!again || System.nanoTime() > deadline) {
                return new Arrival(null, null, "no session: " + session.status());
            }
            tab.pause(backoff(session, failures, random));
        }
    }

    /** As the page's {@code nextDelayMs} after a failure: Retry-After at least, 1 s doubling to a cap, spread. */
    static long backoff(Answer refused, int failures, Random random) {
        long doubling = Math.min(MAX_BACKOFF_MS, 1000L << Math.min(15, Math.max(0, failures - 1)));
        long wait = Math.max(doubling, refused.retryAfter().orElse(0L) * 1000);
        return (long) (wait * (1 + 0.2 * random.nextDouble()));
    }

    /**
     * Waits in line on {@code tab} for session {@code token} until admitted. {@code arrived} is the arrival's join
     * answer, or null for a tab that has to join first (arriving in two calls, or another tab of the session).
     */
    Wait await(TabClient.Tab tab, String token, Answer arrived, Random random, boolean hammer, TabLog log)
            throws InterruptedException {
        String queue = "/api/queue/" + eventId;
        String admission = null;
        Long place = null;
        boolean joined = false;
        String etag = null;
        long servingThrough = 0;
        long pollAfter = 1000;
        boolean placeLost = false;
        while (admission == null) {
            if (soldOut.get()) {
                return new Wait(null, "sold out while waiting");
            }
            if (System.nanoTime() > deadline) {
                return new Wait(null, "time limit while waiting");
            }
            Answer answer;
            boolean reached = place != null && (place <= servingThrough || placeLost);
            if (arrived != null) {
                answer = arrived;
                arrived = null;
            } else if (!joined) {
                long sent = System.nanoTime();
                log.joinSent(sent);
                answer = tab.call("POST /api/queue/{e}/join", http.post(queue + "/join", token, null, null, "{}"));
                if (answer.status() == 200) {
                    log.joinAnswered(System.nanoTime(), answer.body());
                }
            } else if (hammer || !edgeProtocol || reached || place == null && servingThrough > 0) {
                answer = tab.call("GET /api/queue/{e}/status", http.get(queue + "/status", token, null));
            } else {
                answer = edge != null
                        ? edge.read(etag)
                        : tab.call(PROGRESS_CALL, http.get(queue + "/progress", null, etag));
                if (answer.status() == 200 || answer.status() == 304) {
                    if (answer.status() == 200) {
                        etag = answer.etag();
                        if (answer.body().path("soldOut").asBoolean()) {
                            return new Wait(null, "sold out (progress)");
                        }
                        servingThrough = Math.max(
                                servingThrough,
                                answer.body().path("servingThrough").asLong());
                        if (place == null && answer.body().path("opened").asBoolean()) {
                            servingThrough = Math.max(servingThrough, 1);
                        }
                        pollAfter = answer.body().path("pollAfterMs").asLong(1000);
                        // as the page: a place beyond every waiting buyer is in a line the room lost; ask
                        placeLost = place != null
                                && answer.body().path("opened").asBoolean()
                                && place
                                        > answer.body().path("servingThrough").asLong()
                                                + answer.body()
                                                        .path("lineLength")
                                                        .asLong();
                    }
                    tab.pause(
                            placeLost
                                    ? lostLineSpread(place, random)
                                    : progressPause(answer, place, servingThrough, pollAfter, random));
                    continue;
                }
            }
            if (answer.status() == 200) {
                joined = true;
                placeLost = false;
                log.saw(answer.body());
                String status = answer.body().path("status").asString();
                switch (status) {
                    case "ADMITTED" ->
                        admission = answer.body().path("admissionToken").asString();
                    case "SOLD_OUT" -> {
                        return new Wait(null, "sold out (status)");
                    }
                    case "WAITING" -> place = answer.body().path("place").asLong();
                    default -> {}
                }
                pollAfter = answer.body().path("pollAfterMs").asLong(1000);
                if (admission == null) {
                    tab.pause(hammer ? hammerPause(random) : pollAfter);
                }
            } else if (answer.status() == 404 && joined) {
                log.lostPlace();
                joined = false;
                place = null;
                placeLost = false;
                servingThrough = 0;
                tab.pause(backoff(answer, 1, random)); // as the page: a failure, then the join
            } else {
                tab.pause(hammer ? hammerPause(random) : answer.retryAfterSeconds() * 1000 * (1 + random.nextInt(3)));
            }
        }
        return new Wait(admission, null);
    }

    /**
     * As the waiting page: no sooner than {@code pollAfterMs} (within the event's read budget), a quarter of a long
     * wait, but at the moment its place comes when that is sooner.
     */
    private static long progressPause(Answer answer, Long place, long servingThrough, long pollAfter, Random random) {
        long position = place == null ? 0 : Math.max(0, place - servingThrough);
        double rate =
                answer.status() == 200 ? answer.body().path("admitPerSecond").asDouble(200) : 200;
        double waitMs = rate > 0 ? position / rate * 1000 : 0;
        long soonest = Math.min(60_000, pollAfter);
        double delay = waitMs < soonest ? Math.max(1000, waitMs) : Math.max(soonest, Math.min(15_000, waitMs / 4));
        return position == 0 ? 0 : (long) (delay * (1 + 0.2 * random.nextDouble()));
    }

    /**
     * As the page's {@code lostLineSpreadMs}: a tab whose line was lost asks after up to 1 s per 500 places before its
     * own (at most 10 s), so that the whole old line does not ask and join again in the same second.
     */
    static long lostLineSpread(long place, Random random) {
        return (long) (Math.min(MAX_LOST_LINE_SPREAD_MS, place * 2) * random.nextDouble());
    }

    private static long hammerPause(Random random) {
        return HAMMER_MS + random.nextLong(HAMMER_MS / 5 + 1);
    }
}
