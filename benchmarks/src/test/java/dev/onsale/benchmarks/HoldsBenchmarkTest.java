package dev.onsale.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.inventory.hold.PlaceScript;
import dev.onsale.inventory.hold.Placement;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The raw run calls inventory-service's gate script as the service does: its script, its layout, its replies. */
class HoldsBenchmarkTest {

    private static final UUID SCRATCH = UUID.fromString("00000000-0000-0000-0000-00000000000e");
    private static final Instant NOW = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void aChosenSeatIsCalledWithItsClaimAndTheSeatAfterTheThirteenFixedArgs() {
        PlaceScript call = HoldsBenchmark.rawCall(SCRATCH, new HoldsBenchmark.Ask("A-3-7", 1), NOW);

        assertThat(call.keys()).hasSize(10).last().isEqualTo("inventory:{" + SCRATCH + "}:seat:A-3-7");
        assertThat(call.args()).hasSize(14);
        assertThat(call.args().subList(3, 6)).containsExactly("1", "0", "86400");
        assertThat(call.args().subList(11, 14)).containsExactly("sA-3-7", "2026-05-01T10:00:05Z", "A-3-7");
    }

    @Test
    void aQuantityIsCalledWithTheFixedKeysAndArgsOnly() {
        PlaceScript call = HoldsBenchmark.rawCall(SCRATCH, new HoldsBenchmark.Ask(null, 2), NOW);

        assertThat(call.keys())
                .hasSize(9)
                .allSatisfy(key -> assertThat(key).startsWith("inventory:{" + SCRATCH + "}:"));
        assertThat(call.args()).hasSize(13);
        assertThat(call.args().get(3)).isEqualTo("2");
        assertThat(call.args().get(11)).isEqualTo("q2");
    }

    @Test
    void everyRawCallIsANewOrderOfANewSession() {
        HoldsBenchmark.Ask ask = new HoldsBenchmark.Ask(null, 1);
        PlaceScript first = HoldsBenchmark.rawCall(SCRATCH, ask, NOW);
        PlaceScript second = HoldsBenchmark.rawCall(SCRATCH, ask, NOW);

        assertThat(first.orderId()).isNotEqualTo(second.orderId());
        assertThat(first.request().sessionId()).isNotEqualTo(second.request().sessionId());
    }

    @Test
    void halfTheAsksChooseASeatAndHalfAskForOneOrTwo() {
        List<HoldsBenchmark.Ask> asks = Arrays.asList(HoldsBenchmark.asks(8));

        assertThat(asks)
                .filteredOn(ask -> ask.seat() != null)
                .hasSize(4)
                .allSatisfy(ask -> assertThat(ask.body()).matches("\\{\"seatIds\":\\[\"A-\\d+-\\d+\"]}"));
        assertThat(asks)
                .filteredOn(ask -> ask.seat() == null)
                .extracting(HoldsBenchmark.Ask::body)
                .containsExactly("{\"quantity\":1}", "{\"quantity\":2}", "{\"quantity\":1}", "{\"quantity\":2}");
    }

    @Test
    void theScriptAndItsRepliesComeFromInventoryServicesJar() throws Exception {
        assertThat(HoldsBenchmark.placeScript()).contains("redis.call('DECRBY', KEYS[1], quantity)");
        PlaceScript call = HoldsBenchmark.rawCall(SCRATCH, new HoldsBenchmark.Ask(null, 1), NOW);
        assertThat(PlaceScript.Result.of(List.of("PLACED", 799L))).isEqualTo(PlaceScript.Result.PLACED);
        assertThat(call.placement(List.of("PLACED", 799L))).isEqualTo(new Placement.Placed(call.orderId(), 799));
        assertThat(call.placement(List.of("REFUSED", "SOLD_OUT", 0L, 12L))).isEqualTo(new Placement.SoldOut(0, 12));
    }
}
