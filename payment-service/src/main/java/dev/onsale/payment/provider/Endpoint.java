package dev.onsale.payment.provider;

/** The acquirer's calls, as tagged on the meters. */
public enum Endpoint {
    /** {@code POST /v1/charges}: paced, rate-limited by the acquirer. */
    CHARGES("charges"),
    /** {@code POST /v1/refunds}: paced, rate-limited by the acquirer. */
    REFUNDS("refunds"),
    /** {@code GET /v1/charges/{id}}: not rate-limited. */
    CHARGE_STATUS("charge_status"),
    /** {@code GET /v1/ledger}: not rate-limited. */
    LEDGER("ledger");

    private final String tag;

    Endpoint(String tag) {
        this.tag = tag;
    }

    public String tag() {
        return tag;
    }
}
