package dev.onsale.payment.provider;

import dev.onsale.payment.settlement.ProviderCharge;
import dev.onsale.payment.settlement.ProviderRefund;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;

/** The acquirer's books as {@code GET /v1/ledger} shows them: its charges and refunds, each with its creation time. */
public record LedgerView(List<Charge> charges, List<Refund> refunds) {

    public LedgerView {
        charges = charges == null ? List.of() : List.copyOf(charges);
        refunds = refunds == null ? List.of() : List.copyOf(refunds);
    }

    /** The entries created at or after {@code since}, oldest first. */
    LedgerView createdSince(Instant since) {
        long from = since.getEpochSecond();
        return new LedgerView(
                charges.stream()
                        .filter(c -> c.created() >= from)
                        .sorted(Comparator.comparingLong(Charge::created))
                        .toList(),
                refunds.stream()
                        .filter(r -> r.created() >= from)
                        .sorted(Comparator.comparingLong(Refund::created))
                        .toList());
    }

    /** A charge; {@code status} PENDING, SUCCEEDED or DECLINED; {@code created} in unix seconds. */
    public record Charge(
            String id,
            UUID orderId,
            long amountCents,
            String currency,
            String status,
            String failureCode,
            long created) {

        public ProviderCharge observation() {
            return new ProviderCharge(id, orderId, amountCents, currency, status, failureCode);
        }

        public Instant createdAt() {
            return Instant.ofEpochSecond(created);
        }
    }

    /** A refund of charge {@code chargeId}; {@code status} SUCCEEDED; {@code created} in unix seconds. */
    public record Refund(String id, String chargeId, UUID orderId, long amountCents, String status, long created) {

        public ProviderRefund observation() {
            return new ProviderRefund(id, chargeId, orderId, amountCents, status);
        }

        public Instant createdAt() {
            return Instant.ofEpochSecond(created);
        }
    }
}
