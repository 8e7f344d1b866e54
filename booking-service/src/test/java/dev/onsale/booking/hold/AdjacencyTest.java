package dev.onsale.booking.hold;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AdjacencyTest {

    private static FreeSeat seat(int row, int number) {
        return new FreeSeat("A-" + row + "-" + number, "A", row, number, 5000);
    }

    @Test
    void consecutiveSeatsInOneRowArePreferredOverTheWindowsFirstSeats() {
        List<FreeSeat> window = List.of(seat(1, 1), seat(1, 10), seat(1, 3), seat(2, 4), seat(2, 5), seat(2, 6));
        assertThat(Adjacency.pick(window, 3)).extracting(FreeSeat::seatId).containsExactly("A-2-4", "A-2-5", "A-2-6");
    }

    @Test
    void withoutConsecutiveSeatsOneRowIsPreferredThenTheFirstSeatsOfTheWindow() {
        assertThat(Adjacency.pick(List.of(seat(1, 1), seat(2, 3), seat(2, 7)), 2))
                .extracting(FreeSeat::seatId)
                .containsExactly("A-2-3", "A-2-7");
        assertThat(Adjacency.pick(List.of(seat(1, 1), seat(2, 3), seat(3, 7)), 2))
                .extracting(FreeSeat::seatId)
                .containsExactly("A-1-1", "A-2-3");
    }

    @Test
    void generalAdmissionPlacesCountAsOneRow() {
        List<FreeSeat> window = List.of(
                new FreeSeat("GA-1", "GA", null, 1, 3000),
                new FreeSeat("GA-10", "GA", null, 10, 3000),
                new FreeSeat("GA-2", "GA", null, 2, 3000));
        assertThat(Adjacency.pick(window, 2)).extracting(FreeSeat::seatId).containsExactly("GA-1", "GA-2");
    }
}
