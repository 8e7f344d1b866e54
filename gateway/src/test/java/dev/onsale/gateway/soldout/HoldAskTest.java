package dev.onsale.gateway.soldout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

class HoldAskTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @ParameterizedTest
    @ValueSource(strings = {"{\"quantity\":1}", " { \"quantity\" : 1 } \n", "{\"seatIds\":[\"A-1-1\"]}"})
    void aWellFormedAskForOneSeatIsRead(String body) {
        assertThat(seats(body)).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"quantity\":3}", "{\"seatIds\":[\"A-1-1\",\"A-1-2\",\"GA-7\"]}"})
    void aWellFormedAskForThreeSeatsIsRead(String body) {
        assertThat(seats(body)).isEqualTo(3);
    }

    /** Each of these the gate never sees: inventory-service answers it 400 (or takes it its own way). */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "null",
                "[]",
                "{}",
                "{\"quantity\":0}",
                "{\"quantity\":-1}",
                "{\"quantity\":1.0}",
                "{\"quantity\":\"1\"}",
                "{\"quantity\":null}",
                "{\"quantity\":99999999999}",
                "{\"quantity\":1,\"quantity\":2}",
                "{\"quantity\":1,\"seatIds\":[\"A-1-1\"]}",
                "{\"quantity\":1,\"priceCents\":1}",
                "{\"priceCents\":1,\"quantity\":1}",
                "{\"seatIds\":[]}",
                "{\"seatIds\":[\"A-1-1\",\"A-1-1\"]}",
                "{\"seatIds\":[\"a-1-1\"]}",
                "{\"seatIds\":[\"A-0-1\"]}",
                "{\"seatIds\":[null]}",
                "{\"seatIds\":[1]}",
                "{\"seatIds\":\"A-1-1\"}",
                "{\"quantity\":1}{}",
                "{\"quantity\":1} x",
                "{\"quantity\":1",
                "{\"Quantity\":1}"
            })
    void anythingButAWellFormedAskIsLeftToInventory(String body) {
        assertThat(seats(body)).isEqualTo(HoldAsk.NOT_READ);
    }

    private static int seats(String body) {
        return HoldAsk.seats(JSON, body.getBytes(StandardCharsets.UTF_8));
    }
}
