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
    void withTheWinningClickUnansweredTheOrderItMadeIsTheOneTheOthersAreSentTo() {
        UUID order = UUID.fromString("0b1aaac8-0a02-490a-abda-0c61d89b98e6");
        TabClient.Answer refused = answer(
                409,
                "{\"type\": \"/problems/order-already-live\", \"detail\": \"this session already holds order %s\"}"
                        .formatted(order));
        TabClient.Answer lost = answer(503, "{\"type\": \"/problems/service-unavailable\"}");

        assertThat(FiveTabs.unansweredClicksOrder(Arrays.asList(lost, refused, null, refused)))
                .isEqualTo(order);
        assertThat(FiveTabs.unansweredClicksOrder(List.of(TabClient.Answer.NONE, refused)))
                .isEqualTo(order);
        assertThat(FiveTabs.unansweredClicksOrder(List.of(refused, refused)))
                .as("every click answered: no order of the session's was unseen")
                .isNull();
    }

    private static TabClient.Answer answer(int status, String body) {
        return new TabClient.Answer(status, JSON.readTree(body), OptionalLong.empty(), null);
    }
}
