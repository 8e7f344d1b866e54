package dev.onsale.benchmarks;

import dev.onsale.benchmarks.TabClient.Answer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A buyer with five tabs open on one session (a browser shares its session between its tabs): the first arrives, the
 * other four join with the same session, and all five follow the waiting page at once. They must keep one place and
 * get one admission. Once every tab is let in (or has ended), all five click "Hold" at the same moment: one order at
 * most may come of it, and every other tab must be sent to that order ({@code order-already-live} naming it), where
 * it follows the order, as the site takes a second tab to the order it already has. The tab whose hold made the order
 * checks out; with no order made, the first tab goes on as a single buyer would.
 */
final class FiveTabs {

    static final int TABS = 5;

    private static final Pattern ORDER_ID =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    /** What one tab did: its log, its wait, and its answer to the simultaneous hold (null if it did not click). */
    private static final class TabRun {
        final TabLog log = new TabLog();
        final TabClient.Tab tab;
        WaitingPage.Wait wait;
        Answer hold;

        TabRun(TabClient.Tab tab) {
            this.tab = tab;
        }
    }

    private final TabClient http;
    private final UUID eventId;
    private final WaitingPage page;
    private final Checkout checkout;
    private final Conduct conduct;
    private final long deadline;

    FiveTabs(TabClient http, UUID eventId, WaitingPage page, Checkout checkout, Conduct conduct, long deadline) {
        this.http = http;
        this.eventId = eventId;
        this.page = page;
        this.checkout = checkout;
        this.conduct = conduct;
        this.deadline = deadline;
    }

    /** The five tabs' buyer; returns how it ended (as its tab that checked out ended). */
    String run(boolean pays, Random random) throws InterruptedException {
        List<TabRun> tabs = new ArrayList<>();
        try {
            for (int i = 0; i < TABS; i++) {
                tabs.add(new TabRun(http.open()));
            }
            TabRun first = tabs.getFirst();
            WaitingPage.Arrival arrival = page.arrive(first.tab, first.log, random);
            if (arrival.ending() != null) {
                return arrival.ending();
            }
            String token = arrival.session();
            CountDownLatch waited = new CountDownLatch(TABS);
            CountDownLatch click = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < TABS; i++) {
                TabRun tab = tabs.get(i);
                Answer joined = i == 0 ? arrival.joined() : null;
                Random own = new Random(random.nextLong());
                threads.add(Thread.ofVirtual().start(() -> waitAndClick(tab, token, joined, own, waited, click)));
            }
            waited.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            click.countDown();
            for (Thread thread : threads) {
                thread.join();
            }
            conduct.arrived(tabs.stream().map(t -> t.log).toList());
            return checkOut(tabs, token, pays, random);
        } finally {
            tabs.forEach(t -> t.tab.close());
        }
    }

    /** One tab: waits in line, then (if let in) clicks "Hold" with the others. */
    private void waitAndClick(
            TabRun tab, String token, Answer joined, Random random, CountDownLatch waited, CountDownLatch click) {
        tab.wait = new WaitingPage.Wait(null, "failed while waiting");
        try {
            try {
                tab.wait = page.await(tab.tab, token, joined, random, false, tab.log);
            } catch (RuntimeException e) {
                tab.wait = new WaitingPage.Wait(null, "failed: " + e);
            } finally {
                waited.countDown();
            }
            click.await();
            if (tab.wait.admission() != null) {
                tab.hold = tab.tab.call(
                        "POST /api/events/{e}/holds",
                        http.post(
                                "/api/events/" + eventId + "/holds",
                                token,
                                tab.wait.admission(),
                                UUID.randomUUID().toString(),
                                "{\"quantity\": 1}"));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            tab.wait = new WaitingPage.Wait(null, "interrupted");
        } catch (RuntimeException e) {
            tab.hold = null;
        }
    }

    private String checkOut(List<TabRun> tabs, String token, boolean pays, Random random) throws InterruptedException {
        List<UUID> made = new ArrayList<>();
        TabRun holder = null;
        for (TabRun tab : tabs) {
            if (tab.hold != null && tab.hold.status() == 201) {
                made.add(UUID.fromString(tab.hold.body().path("orderId").asString()));
                holder = holder == null ? tab : holder;
            }
        }
        Set<UUID> own = ownOrders(tabs, token, made);
        // the tab that checks out is never a follower too: a tab is one connection, used by one thread at a time (a
        // first tab both following and checking out once interleaved its calls and read another call's answers)
        TabRun checkingOut = holder != null ? holder : tabs.getFirst();
        int sentToTheOrder = 0;
        int sentElsewhere = 0;
        List<TabRun> followers = new ArrayList<>();
        for (TabRun tab : tabs) {
            if (tab == holder || tab.hold == null || !orderAlreadyLive(tab.hold)) {
                continue;
            }
            if (own.contains(namedOrder(tab.hold))) {
                sentToTheOrder++;
                if (tab != checkingOut) {
                    followers.add(tab);
                }
            } else {
                sentElsewhere++;
            }
        }
        for (TabRun tab : tabs) {
            if (tab != holder && tab.hold != null && tab.hold.status() == 201) {
                // an order the session should never have had: given back so that the seat sells
                UUID extra = UUID.fromString(tab.hold.body().path("orderId").asString());
                conduct.held(new Conduct.Hold(extra, token, Checkout.expiresAt(tab.hold), Behaviour.TABS));
                tab.tab.call("DELETE /api/orders/{id}", http.delete("/api/orders/" + extra, token));
            }
        }
        List<Thread> following = new ArrayList<>();
        for (TabRun tab : followers) {
            UUID named = namedOrder(tab.hold);
            following.add(Thread.ofVirtual().start(() -> follow(tab, named, token)));
        }
        String ending = checkingOut.wait.admission() == null
                ? checkingOut.wait.ending()
                : checkout.holdAndPay(
                        checkingOut.tab,
                        token,
                        checkingOut.wait.admission(),
                        Checkout.Plan.of(Behaviour.TABS, pays),
                        random,
                        checkingOut.hold,
                        Behaviour.TABS);
        for (Thread thread : following) {
            thread.join();
        }
        Set<Long> places = new HashSet<>();
        Set<String> admissions = new HashSet<>();
        int admitted = 0;
        for (TabRun tab : tabs) {
            places.addAll(tab.log.places());
            if (tab.log.admission() != null) {
                admissions.add(tab.log.admissionId());
                admitted++;
            }
        }
        conduct.tabbed(new Conduct.TabbedSession(
                places,
                admissions,
                admitted,
                made,
                sentToTheOrder,
                sentElsewhere,
                ending,
                clicks(tabs.stream().map(t -> t.hold).toList())));
        return ending;
    }

    /**
     * The session's own orders among those its tabs were told of ({@code order-already-live}): the one a click made
     * (201), and any named order that one of its clicks may have made unseen: every named order when a click's answer
     * was lost (5xx, none: the gate took the seat, and while booking is down the order may be given up and another
     * made by a later click, never reaching the database), else each the session can read (a session reads only its
     * own; a click refused after the gate took its seat, {@code sold-out}, made one the others were told of), and one
     * not found when a click was refused {@code sold-out} ({@link #madeByAClickRefusedSoldOut}).
     */
    private Set<UUID> ownOrders(List<TabRun> tabs, String token, List<UUID> made) {
        List<Answer> holds = tabs.stream().map(t -> t.hold).toList();
        Set<UUID> own = new HashSet<>(made);
        if (unansweredClicksOrder(holds) != null) {
            own.addAll(namedOrders(holds));
            return own;
        }
        for (UUID named : namedOrders(holds)) {
            if (!own.contains(named)) {
                Answer read =
                        tabs.getFirst().tab.call("GET /api/orders/{id}", http.get("/api/orders/" + named, token, null));
                if (read.status() == 200 || madeByAClickRefusedSoldOut(holds, read)) {
                    own.add(named);
                }
            }
        }
        return own;
    }

    /**
     * Whether an order named to the tabs and not found ({@code read} 404) is one a click of the session made: the click
     * answered {@code sold-out}, whose seat the gate took (and named to the other clicks as the session's live order)
     * before the database refused it, so the order never existed there. Seen with booking killed and Redis restarted.
     */
    static boolean madeByAClickRefusedSoldOut(List<Answer> holds, Answer read) {
        return read.status() == 404 && holds.stream().filter(Objects::nonNull).anyMatch(Checkout::refusedSoldOut);
    }

    /**
     * With one click answered 5xx or not at all, that click may have made the order the others were sent to: the
     * first named order. Null when every click was answered, or none was sent to an order.
     */
    static UUID unansweredClicksOrder(List<Answer> holds) {
        boolean unanswered =
                holds.stream().filter(Objects::nonNull).anyMatch(h -> h.status() >= 500 || h.status() == 0);
        List<UUID> named = namedOrders(holds);
        return unanswered && !named.isEmpty() ? named.getFirst() : null;
    }

    /** The orders the clicks' {@code order-already-live} answers name, each once, in the tabs' order. */
    static List<UUID> namedOrders(List<Answer> holds) {
        return holds.stream()
                .filter(Objects::nonNull)
                .filter(FiveTabs::orderAlreadyLive)
                .map(FiveTabs::namedOrder)
                .filter(Objects::nonNull)
                .distinct()
                .toList();
    }

    /** What each tab's click was answered, as the audit shows it: a status and a problem type's last word. */
    static List<String> clicks(List<Answer> holds) {
        return holds.stream()
                .map(hold -> {
                    if (hold == null) {
                        return "no click";
                    }
                    String type =
                            hold.body() == null ? "" : hold.body().path("type").asString("");
                    return hold.status() + (type.isEmpty() ? "" : " " + type.substring(type.lastIndexOf('/') + 1));
                })
                .toList();
    }

    /** A tab sent to the session's order follows it, as the order page does, until it is confirmed or ended. */
    private void follow(TabRun tab, UUID order, String token) {
        try {
            checkout.follow(tab.tab, order, token);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static boolean orderAlreadyLive(Answer hold) {
        return hold.status() == 409
                && hold.body() != null
                && "/problems/order-already-live"
                        .equals(hold.body().path("type").asString(""));
    }

    /** The order an {@code order-already-live} answer names in its detail; null when it names none. */
    static UUID namedOrder(Answer hold) {
        Matcher id = ORDER_ID.matcher(hold.body().path("detail").asString(""));
        return id.find() ? UUID.fromString(id.group()) : null;
    }
}
