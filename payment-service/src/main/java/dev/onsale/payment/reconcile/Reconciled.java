package dev.onsale.payment.reconcile;

/** What a pass made of one ledger entry, as tagged on {@code onsale.payments.reconciled}. */
enum Reconciled {
    /** Our records already reflect it (a charge still pending that we know is the poller's). */
    MATCHED,
    /** Handed to Settlement, which announced a result: the entry had been unknown to us. */
    SETTLED,
    /**
     * Handed to Settlement, which announced nothing: a pending charge remembered (the poller takes over), a
     * decline after we gave up resolved, or a webhook or poll applied it first.
     */
    RECORDED,
    /** No payment (refund) of ours: a charge of an order we have no payment of, a refund we never asked for. */
    UNMATCHED,
    /** It contradicts our records: another charge than our payment's, another final status, a second refund. */
    CONFLICT,
    /** Applying it failed; the next pass tries again. */
    ERROR;

    String tag() {
        return name().toLowerCase();
    }
}
