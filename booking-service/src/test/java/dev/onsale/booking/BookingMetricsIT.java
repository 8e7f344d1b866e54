package dev.onsale.booking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.booking.hold.Allocation;
import dev.onsale.booking.order.BuyerOrders;
import dev.onsale.common.events.AllocateSeats;
import dev.onsale.common.events.SeatsAllocated;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.JdbcTemplate;

@BookingServiceTest
class BookingMetricsIT {

    @Value("${local.server.port}")
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    Allocation allocation;

    @Autowired
    BuyerOrders buyers;

    @Test
    void allocationsReleasesReleaseLagAndLiveOrdersAreExposedToPrometheus() {
        TestHttp http = BookingCalls.at(port);
        UUID eventId = OpenEvents.create(http, "Metrics", 1, 3, 600, 4);
        PlacedOrders orders = new PlacedOrders(allocation, jdbc);
        UUID session = UUID.randomUUID();
        SeatsAllocated cancelled = orders.hold(eventId, session, 1);
        buyers.cancel(cancelled.orderId(), session);
        SeatsAllocated expired = orders.hold(eventId, 1);
        orders.overdue(expired.orderId());
        allocation.allocate(
                UUID.randomUUID(),
                new AllocateSeats(
                        UUID.randomUUID(),
                        eventId,
                        UUID.randomUUID(),
                        List.of(),
                        4,
                        Instant.now(),
                        Instant.now().plusSeconds(30)));
        await().atMost(Duration.ofSeconds(10))
                .until(() -> orders.status(expired.orderId()).equals("EXPIRED"));

        await().atMost(Duration.ofSeconds(5))
                .untilAsserted(() -> assertThat(http.get("/actuator/prometheus")
                                .header("Accept", "text/plain")
                                .send()
                                .body())
                        .contains("onsale_allocations_total{application=\"booking-service\",outcome=\"allocated\"}")
                        .contains("onsale_allocations_total{application=\"booking-service\",outcome=\"sold_out\"}")
                        .contains("onsale_allocation_latency_seconds_count")
                        .contains("onsale_orders_released_total{application=\"booking-service\",reason=\"cancelled\"}")
                        .contains("onsale_orders_released_total{application=\"booking-service\",reason=\"expired\"}")
                        .contains("onsale_order_release_lag_seconds_count")
                        .contains("onsale_orders_active{application=\"booking-service\",status=\"held\"}")
                        .contains("onsale_orders_active{application=\"booking-service\",status=\"payment_pending\"}"));
    }
}
