package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class FiveTabsTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void aNamedOrderNotFoundIsTheSessionsOwnOnlyWhenOneOfItsClicksWasRefusedSoldOut() {
        TabClient.Answer sent = answer(409, "{\"type\": \"/problems/order-already-live\"}");
        TabClient.Answer soldOut = answer(409, "{\"type\": \"/problems/sold-out\"}");
        TabClient.Answer notFound = answer(404, "{\"type\": \"/problems/order-not-found\"}");
        TabClient.Answer unavailable = answer(503, "{\"type\": \"/problems/service-unavailable\"}");

        assertThat(FiveTabs.madeByAClickRefusedSoldOut(Arrays.asList(sent, soldOut, null, sent), notFound))
                .isTrue();
        assertThat(FiveTabs.madeByAClickRefusedSoldOut(List.of(sent, sent, sent), notFound))
                .as("no click refused: an order of another session")
                .isFalse();
        assertThat(FiveTabs.madeByAClickRefusedSoldOut(List.of(sent, soldOut), unavailable))
                .as("not read at all")
                .isFalse();
    }

    @Test
    void aSessionWhoseOtherTabJoinedAgainLostItsPlaceForFairnessThoughItsFirstTabSawNo404() {
        TabLog first = new TabLog();
        first.joinSent(1);
        first.joinAnswered(2, json("{\"status\": \"WAITING\", \"place\": 1872}"));
        TabLog other = new TabLog();
        other.saw(json("{\"status\": \"WAITING\", \"place\": 35}"));
        TabLog again = new TabLog();
        again.lostPlace();

        assertThat(TabLog.sessionArrival(List.of(first)).lostPlace()).isFalse();
        assertThat(TabLog.sessionArrival(List.of(first, other)).lostPlace())
                .as("told two places")
                .isTrue();
        assertThat(TabLog.sessionArrival(List.of(first, again)).lostPlace())
                .as("a tab saw the 404")
                .isTrue();
        assertThat(TabLog.sessionArrival(List.of(first, other)).place()).isEqualTo(1872);
    }

    @Test
    void aSecondTabIsSentToTheOrderTheRefusalNames() {
        UUID order = UUID.fromString("0b1aaac8-0a02-490a-abda-0c61d89b98e6");
        TabClient.Answer refused = answer(
                409,
                "{\"type\": \"/problems/order-already-live\", \"detail\": \"this session already holds order %s for this event; pay it (POST /api/orders/%s/payments) first\"}"
                        .formatted(order, order));

        assertThat(FiveTabs.orderAlreadyLive(refused)).isTrue();
        assertThat(FiveTabs.namedOrder(refused)).isEqualTo(order);
    }

    @Test
    void otherRefusalsAreNotAnOrderAlreadyLiveAndARefusalWithoutAnOrderNamesNone() {
        assertThat(FiveTabs.orderAlreadyLive(answer(409, "{\"type\": \"/problems/sold-out\"}")))
                .isFalse();
        assertThat(FiveTabs.orderAlreadyLive(TabClient.Answer.NONE)).isFalse();
        assertThat(
                        FiveTabs.namedOrder(
                                answer(
                                        409,
                                        "{\"type\": \"/problems/order-already-live\", \"detail\": \"this session already holds an order\"}")))
                .isNull();
    }

    @Test
    void theOrdersTheClicksWereSentToAreTheCandidatesForTheSessionsOwnEachOnce() {
        UUID order = UUID.fromString("0b1aaac8-0a02-490a-abda-0c61d89b98e6");
        TabClient.Answer sent = answer(
                409,
                "{\"type\": \"/problems/order-already-live\", \"detail\": \"this session already holds order %s\"}"
                        .formatted(order));
        TabClient.Answer lost = answer(503, "{\"type\": \"/problems/service-unavailable\"}");
        TabClient.Answer soldOut = answer(409, "{\"type\": \"/problems/sold-out\"}");

        assertThat(FiveTabs.namedOrders(Arrays.asList(lost, sent, null, sent))).containsExactly(order);
        assertThat(FiveTabs.namedOrders(List.of(soldOut, sent))).containsExactly(order);
        assertThat(FiveTabs.namedOrders(List.of(soldOut, lost))).isEmpty();
        // a rehearsal with booking killed: the 503'd click's order never reached the database, so only the answers
        // tell that it was the session's own
        assertThat(FiveTabs.unansweredClicksOrder(List.of(sent, lost, sent, sent, sent)))
                .isEqualTo(order);
        assertThat(FiveTabs.unansweredClicksOrder(Arrays.asList(TabClient.Answer.NONE, sent, null)))
                .isEqualTo(order);
        assertThat(FiveTabs.unansweredClicksOrder(List.of(soldOut, sent)))
                .as("every click answered: the order is the session's only if it can read it")
                .isNull();
        assertThat(FiveTabs.clicks(Arrays.asList(soldOut, sent, null, lost, TabClient.Answer.NONE)))
                .containsExactly("409 sold-out", "409 order-already-live", "no click", "503 service-unavailable", "0");
    }

    private static tools.jackson.databind.JsonNode json(String body) {
        return JSON.readTree(body);
    }

    private static TabClient.Answer answer(int status, String body) {
        return new TabClient.Answer(status, JSON.readTree(body), OptionalLong.empty(), null);
    }
}
