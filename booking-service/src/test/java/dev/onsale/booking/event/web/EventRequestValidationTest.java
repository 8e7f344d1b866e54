package dev.onsale.booking.event.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.booking.event.NewEvent;
import dev.onsale.booking.event.SeatLayout;
import dev.onsale.booking.event.web.CreateEventRequest.GeneralAdmissionRequest;
import dev.onsale.booking.event.web.CreateEventRequest.SeatMapRequest;
import dev.onsale.booking.event.web.CreateEventRequest.SectionRequest;
import dev.onsale.platform.web.FieldError;
import dev.onsale.platform.web.ProblemException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventRequestValidationTest {

    private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");

    @Test
    void absentOptionalFieldsTakeTheirDefaults() {
        NewEvent event = EventRequestValidation.validate(
                request(null, null, null, new SeatMapRequest(List.of(new SectionRequest("A", 10, 10, 5000))), null),
                NOW);

        assertThat(event.currency()).isEqualTo("EUR");
        assertThat(event.holdTtlSeconds()).isEqualTo(600);
        assertThat(event.maxPerOrder()).isEqualTo(4);
        assertThat(event.layout().capacity()).isEqualTo(100);
        assertThat(event.startsAt()).isEqualTo(Instant.parse("2026-12-24T19:00:00Z"));
    }

    @Test
    void instantsWithAnOffsetAreAcceptedAndNormalisedToUtc() {
        var body = new CreateEventRequest(
                "n",
                "v",
                "2026-12-24T20:00:00+01:00",
                "2026-12-01T10:00:00Z",
                null,
                null,
                null,
                null,
                new GeneralAdmissionRequest(5, 100));

        assertThat(EventRequestValidation.validate(body, NOW).startsAt())
                .isEqualTo(Instant.parse("2026-12-24T19:00:00Z"));
    }

    @Test
    void theSeatLimitHoldsEvenWhenSectionsWouldOverflowAnInt() {
        var sections = java.util.stream.IntStream.range(0, 3000)
                .mapToObj(i -> new SectionRequest("S" + i, 1000, 1000, 1))
                .toList();

        assertThatThrownBy(() -> EventRequestValidation.validate(
                        request(null, null, null, new SeatMapRequest(sections), null), NOW))
                .isInstanceOfSatisfying(
                        ProblemException.class,
                        e -> assertThat(e.errors())
                                .extracting(FieldError::field)
                                .containsExactly("seatMap"));
    }

    @Test
    void exactlyOneHundredThousandSeatsIsAllowed() {
        NewEvent event = EventRequestValidation.validate(
                request(null, null, null, null, new GeneralAdmissionRequest(100_000, 1)), NOW);

        assertThat(event.layout()).isEqualTo(new SeatLayout.GeneralAdmission(100_000, 1));
    }

    private static CreateEventRequest request(
            String currency, Integer holdTtl, Integer maxPerOrder, SeatMapRequest map, GeneralAdmissionRequest ga) {
        return new CreateEventRequest(
                "Winter concert",
                "Hall A",
                "2026-12-24T19:00:00Z",
                "2026-12-01T10:00:00Z",
                currency,
                holdTtl,
                maxPerOrder,
                map,
                ga);
    }
}
