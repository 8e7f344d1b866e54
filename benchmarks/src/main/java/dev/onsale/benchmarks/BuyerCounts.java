package dev.onsale.benchmarks;

import java.util.Map;

/**
 * What a sale's buyers have seen, as counts: their answers (a 503, a 429, none at all), their payment requests
 * (accepted with a 202 or refused) and how many of them ended how. Either so far, or the difference between two
 * such readings ({@link #minus}).
 *
 * @param requests         calls answered or given up on
 * @param unavailable      calls answered 503
 * @param tooMany          calls answered 429
 * @param unanswered       calls with no answer within the tab's timeout, or no connection
 * @param paymentsAccepted payment requests answered 202 (the payment is under way)
 * @param paymentsRefused  payment requests answered otherwise
 * @param paid             buyers who ended with a confirmed order
 * @param walkedAway       buyers who held a seat and let the hold expire
 * @param soldOut          buyers who learnt the sale was sold out
 * @param ended            buyers who ended, whichever way
 */
record BuyerCounts(
        long requests,
        long unavailable,
        long tooMany,
        long unanswered,
        long paymentsAccepted,
        long paymentsRefused,
        long paid,
        long walkedAway,
        long soldOut,
        long ended) {

    static final BuyerCounts NONE = new BuyerCounts(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** Counts from a sale's figures and its buyers' endings so far. */
    static BuyerCounts of(CallFigures calls, Map<String, Integer> endings) {
        long requests = 0;
        long unavailable = 0;
        long tooMany = 0;
        long unanswered = 0;
        for (Map.Entry<String, Integer> answer : calls.answersOfEveryCall().entrySet()) {
            requests += answer.getValue();
            unavailable += answer.getKey().startsWith("503") ? answer.getValue() : 0;
            tooMany += answer.getKey().startsWith("429") ? answer.getValue() : 0;
            unanswered += CallFigures.unanswered(answer.getKey()) ? answer.getValue() : 0;
        }
        long accepted = 0;
        long refused = 0;
        for (Map.Entry<String, Integer> answer :
                calls.answers(SaleBenchmark.PAYMENT_CALL).entrySet()) {
            accepted += answer.getKey().equals("202") ? answer.getValue() : 0;
            refused += answer.getKey().equals("202") ? 0 : answer.getValue();
        }
        long soldOut = 0;
        long ended = 0;
        for (Map.Entry<String, Integer> ending : endings.entrySet()) {
            soldOut += ending.getKey().startsWith("sold out") ? ending.getValue() : 0;
            ended += ending.getValue();
        }
        return new BuyerCounts(
                requests,
                unavailable,
                tooMany,
                unanswered,
                accepted,
                refused,
                endings.getOrDefault("paid", 0),
                endings.getOrDefault("held and walked away", 0),
                soldOut,
                ended);
    }

    /** What happened between {@code earlier} and these counts. */
    BuyerCounts minus(BuyerCounts earlier) {
        return new BuyerCounts(
                requests - earlier.requests,
                unavailable - earlier.unavailable,
                tooMany - earlier.tooMany,
                unanswered - earlier.unanswered,
                paymentsAccepted - earlier.paymentsAccepted,
                paymentsRefused - earlier.paymentsRefused,
                paid - earlier.paid,
                walkedAway - earlier.walkedAway,
                soldOut - earlier.soldOut,
                ended - earlier.ended);
    }
}
