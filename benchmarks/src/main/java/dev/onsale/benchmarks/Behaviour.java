package dev.onsale.benchmarks;

/**
 * How one simulated buyer of a sale behaves, beyond following the waiting page: each is a way real buyers (or
 * those who pretend to be) press on a sale, and each has an option giving its share of the buyers ({@link BuyerMix}).
 */
enum Behaviour {
    /** Follows the waiting page, holds, and pays or walks away ({@code --pay-percent}). */
    PLAIN(null),
    /** Pays with a card that is declined ({@code tok_declined}), then with another ({@code tok_visa}) on a new hold. */
    DECLINE("decline-percent"),
    /** Double-clicks "Pay": two concurrent payment requests with one Idempotency-Key. */
    DOUBLE_CLICK("double-click-percent"),
    /** Opens five tabs: five waiting-page loops on one session, which click "Hold" at the same moment. */
    TABS("tabs-percent"),
    /** Ignores {@code pollAfterMs} and {@code Retry-After}: asks its status about every 200 ms while it waits. */
    HAMMER("hammer-percent"),
    /** Tries to skip the line: holds without an admission token, with a forged or tampered one, or another's. */
    BOT("bot-percent");

    private final String option;

    Behaviour(String option) {
        this.option = option;
    }

    /** The option giving this behaviour's share of the buyers, in percent; null for {@link #PLAIN} (the rest). */
    String option() {
        return option;
    }

    /** Whether a buyer behaving so always pays (the behaviour is in how it pays), whatever {@code --pay-percent}. */
    boolean alwaysPays() {
        return this == DECLINE || this == DOUBLE_CLICK;
    }
}
