package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.inventory.ScriptHeader;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class PlaceScriptTest {

    private static final UUID EVENT = UUID.fromString("00000000-0000-0000-0000-00000000000e");
    private static final UUID SESSION = UUID.fromString("00000000-0000-0000-0000-000000000005");
    private static final UUID ORDER = UUID.fromString("00000000-0000-0000-0000-000000000001");
    private static final UUID COMMAND = UUID.fromString("00000000-0000-0000-0000-000000000002");
    private static final UUID AVAILABILITY = UUID.fromString("00000000-0000-0000-0000-000000000003");
    private static final Instant REQUESTED = Instant.parse("2026-05-01T10:00:00Z");
    private static final Instant ANSWER_BY = Instant.parse("2026-05-01T10:00:05Z");
    private static final String E = "inventory:{" + EVENT + "}:";
    private static final ScriptHeader HEADER = ScriptHeader.of(PlaceScript.class, PlaceScript.RESOURCE);

    private static PlaceScript call(HoldRequest request) {
        return new PlaceScript(ORDER, request, Duration.ofHours(24), REQUESTED, ANSWER_BY, COMMAND, AVAILABILITY);
    }

    @Test
    void chosenSeatsWithAnIdempotencyKeyAreLaidOutAsTheHeaderNamesThem() {
        PlaceScript call = call(HoldRequest.ofSeats(EVENT, SESSION, List.of("A-1-2", "A-1-1"), "key-1"));

        assertThat(call.keys())
                .containsExactly(
                        E + "available",
                        E + "live-holds",
                        E + "sale-state",
                        E + "settings",
                        E + "session:" + SESSION,
                        E + "idempotency:" + SESSION + ":" + PlaceScript.digest("key-1"),
                        E + "order:" + ORDER,
                        E + "outbox",
                        E + "pending",
                        E + "seat:A-1-2",
                        E + "seat:A-1-1");
        assertThat(call.args())
                .containsExactly(
                        ORDER.toString(),
                        EVENT.toString(),
                        SESSION.toString(),
                        "2",
                        "1",
                        "86400",
                        "2026-05-01T10:00:00Z",
                        "onsale.holds.commands",
                        COMMAND.toString(),
                        "onsale.inventory",
                        AVAILABILITY.toString(),
                        "sA-1-1,A-1-2",
                        "2026-05-01T10:00:05Z",
                        "A-1-2",
                        "A-1-1");
    }

    @Test
    void aQuantityWithoutAnIdempotencyKeyClaimsNoSeatAndNamesNoKey() {
        PlaceScript call = call(HoldRequest.ofQuantity(EVENT, SESSION, 3, null));

        assertThat(call.keys()).hasSize(HEADER.fixedKeys()).element(5).isEqualTo(E + "idempotency:" + SESSION + ":-");
        assertThat(call.args()).hasSize(HEADER.fixedArgs());
        assertThat(call.args().subList(3, 5)).containsExactly("3", "0");
        assertThat(call.args().get(11)).isEqualTo("q3");
    }

    @Test
    void theFixedKeysAndArgsAreAsManyAsTheHeaderNamesAndOneOfEachFollowsPerSeat() {
        PlaceScript call = call(HoldRequest.ofSeats(EVENT, SESSION, List.of("B-2-1", "B-2-2"), null));

        assertThat(HEADER.fixedKeys()).isEqualTo(9);
        assertThat(HEADER.fixedArgs()).isEqualTo(13);
        assertThat(call.keys().subList(HEADER.fixedKeys(), call.keys().size()))
                .containsExactly(E + "seat:B-2-1", E + "seat:B-2-2");
        assertThat(call.args().subList(HEADER.fixedArgs(), call.args().size())).containsExactly("B-2-1", "B-2-2");
    }

    @Test
    void everyKeyCarriesTheEventsHashTag() {
        assertThat(call(HoldRequest.ofSeats(EVENT, SESSION, List.of("A-1-1"), "k"))
                        .keys())
                .allSatisfy(key -> assertThat(key).startsWith("inventory:{" + EVENT + "}:"));
    }

    @Test
    void theFingerprintIgnoresTheOrderOfTheSeats() {
        assertThat(PlaceScript.fingerprint(HoldRequest.ofSeats(EVENT, SESSION, List.of("A-1-2", "A-1-1"), null)))
                .isEqualTo(
                        PlaceScript.fingerprint(HoldRequest.ofSeats(EVENT, SESSION, List.of("A-1-1", "A-1-2"), null)));
    }

    @Test
    void freshCallsMintTheirOwnMessageIds() {
        HoldRequest request = HoldRequest.ofQuantity(EVENT, SESSION, 1, null);
        PlaceScript first = PlaceScript.of(ORDER, request, Duration.ofHours(24), REQUESTED, ANSWER_BY);
        PlaceScript second = PlaceScript.of(ORDER, request, Duration.ofHours(24), REQUESTED, ANSWER_BY);

        assertThat(List.of(first.commandId(), first.availabilityId(), second.commandId(), second.availabilityId()))
                .doesNotHaveDuplicates();
    }

    @Test
    void theResultsAreTheStatusWordsTheHeaderReturns() {
        assertThat(Arrays.stream(PlaceScript.Result.values()).map(Enum::name))
                .containsExactlyInAnyOrderElementsOf(HEADER.words("Returns"));
    }

    @Test
    void eachReplyBecomesItsPlacement() {
        PlaceScript call = call(HoldRequest.ofQuantity(EVENT, SESSION, 1, null));
        UUID other = UUID.randomUUID();

        assertThat(call.placement(List.of("PLACED", 41L))).isEqualTo(new Placement.Placed(ORDER, 41));
        assertThat(call.placement(List.of("REPLAYED", other.toString()))).isEqualTo(new Placement.Replayed(other));
        assertThat(call.placement(List.of("KEY_REUSED", other.toString()))).isEqualTo(new Placement.KeyReused(other));
        assertThat(call.placement(List.of("ABANDONED"))).isEqualTo(new Placement.Abandoned());
        assertThat(call.placement(List.of("REFUSED", "SOLD_OUT", 0L, 7L))).isEqualTo(new Placement.SoldOut(0, 7));
        assertThat(call.placement(List.of("REFUSED", "ORDER_ALREADY_LIVE", other.toString())))
                .isEqualTo(new Placement.Refused(GateRefusal.ORDER_ALREADY_LIVE, other));
    }

    @Test
    void aReplyOffTheContractFailsLoudly() {
        PlaceScript call = call(HoldRequest.ofQuantity(EVENT, SESSION, 1, null));

        assertThatThrownBy(() -> call.placement(List.of("PARKED", 1L)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("place.lua answered [PARKED, 1]");
        assertThatThrownBy(() -> call.placement("PLACED")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> call.placement(List.of("PLACED"))).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> call.placement(List.of("REFUSED", "TOO_EARLY")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
