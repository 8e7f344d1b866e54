package dev.onsale.inventory.availability;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AvailabilityTest {

    @Test
    void nothingLeftAndNoLiveHoldIsSoldOut() {
        assertThat(Availability.of(0, 0).soldOut()).isTrue();
    }

    @Test
    void nothingLeftWhileHoldsAreLiveIsNotSoldOutYet() {
        assertThat(Availability.of(0, 2).soldOut()).isFalse();
    }

    @Test
    void seatsLeftIsNotSoldOut() {
        assertThat(Availability.of(5, 0).soldOut()).isFalse();
    }
}
