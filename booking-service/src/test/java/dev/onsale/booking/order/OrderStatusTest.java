package dev.onsale.booking.order;

import static dev.onsale.booking.order.OrderStatus.CANCELLED;
import static dev.onsale.booking.order.OrderStatus.CONFIRMED;
import static dev.onsale.booking.order.OrderStatus.EXPIRED;
import static dev.onsale.booking.order.OrderStatus.HELD;
import static dev.onsale.booking.order.OrderStatus.PAYMENT_FAILED;
import static dev.onsale.booking.order.OrderStatus.PAYMENT_PENDING;
import static dev.onsale.booking.order.OrderStatus.REFUNDED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class OrderStatusTest {

    private static final Map<OrderStatus, Set<OrderStatus>> LEGAL = Map.of(
            HELD, EnumSet.of(PAYMENT_PENDING, CONFIRMED, EXPIRED, CANCELLED),
            PAYMENT_PENDING, EnumSet.of(CONFIRMED, PAYMENT_FAILED, EXPIRED),
            CONFIRMED, EnumSet.noneOf(OrderStatus.class),
            EXPIRED, EnumSet.of(REFUNDED),
            CANCELLED, EnumSet.of(REFUNDED),
            PAYMENT_FAILED, EnumSet.of(REFUNDED),
            REFUNDED, EnumSet.noneOf(OrderStatus.class));

    @Test
    void exactlyTheMovesOfTheTableAreLegal() {
        for (OrderStatus from : OrderStatus.values()) {
            for (OrderStatus to : OrderStatus.values()) {
                assertThat(from.canBecome(to))
                        .as(from + " -> " + to)
                        .isEqualTo(LEGAL.get(from).contains(to));
            }
        }
    }

    @Test
    void everyIllegalMoveOfAnOrderThrowsNamingBothStates() {
        for (OrderStatus from : OrderStatus.values()) {
            Order order = new Order(
                    UUID.randomUUID(),
                    UUID.randomUUID(),
                    UUID.randomUUID(),
                    from,
                    List.of("A-1-1"),
                    5000,
                    "EUR",
                    Instant.now(),
                    null,
                    Instant.now(),
                    0);
            for (OrderStatus to : EnumSet.complementOf(
                    EnumSet.copyOf(LEGAL.get(from).isEmpty() ? EnumSet.noneOf(OrderStatus.class) : LEGAL.get(from)))) {
                assertThatThrownBy(() -> order.requireCanBecome(to))
                        .isInstanceOf(IllegalOrderTransition.class)
                        .hasMessageContaining(from + " to " + to);
            }
        }
    }

    @Test
    void onlyReleasingMovesFreeSeatsAndOnlyConfirmationSellsThem() {
        assertThat(EnumSet.allOf(OrderStatus.class).stream().filter(s -> s.seatEffect() == OrderStatus.SeatEffect.FREE))
                .containsExactlyInAnyOrder(EXPIRED, CANCELLED, PAYMENT_FAILED);
        assertThat(EnumSet.allOf(OrderStatus.class).stream().filter(s -> s.seatEffect() == OrderStatus.SeatEffect.SELL))
                .containsExactly(CONFIRMED);
    }
}
