package dev.onsale.queue.availability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.Topics;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.queue.QueueCalls;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.TestCatalog;
import dev.onsale.queue.admission.AdmissionPump;
import dev.onsale.queue.admission.PumpStroke;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;

@QueueServiceTest
class AvailabilityIT {

    @LocalServerPort
    int port;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    @Autowired
    AdmissionPump pump;

    private QueueCalls http;
    private TestCatalog catalog;
    private UUID eventId;
    private List<UUID> buyers;

    @BeforeEach
    void setUp() {
        http = new QueueCalls(port);
        catalog = new TestCatalog(kafka, jedis);
        eventId = catalog.open(10);
        http.putAdmission(eventId, "{\"maxActiveBuyers\": 2, \"maxAdmitPerSecond\": 1000}");
        buyers = IntStream.range(0, 5).mapToObj(i -> UUID.randomUUID()).toList();
        buyers.forEach(buyer -> http.join(eventId, buyer));
    }

    @Test
    void whileEverySeatIsHeldButHoldsAreLiveBuyersWaitAndNobodyIsAdmitted() {
        catalog.availability(eventId, 0, 10);

        PumpStroke stroke = pump.pump(eventId);

        assertThat(stroke.outcome()).isEqualTo(PumpStroke.Outcome.NO_SEATS);
        assertThat(stroke.admitted()).isEmpty();
        assertThat(http.status(eventId, buyers.getFirst()).json().path("status").asString())
                .isEqualTo("WAITING");
        assertThat(http.status(eventId, buyers.getFirst())
                        .json()
                        .path("position")
                        .asLong())
                .isEqualTo(1);
    }

    @Test
    void seatsThatComeBackResumeAdmission() {
        catalog.availability(eventId, 0, 10);
        pump.pump(eventId);

        catalog.availability(eventId, 3, 7);
        PumpStroke stroke = pump.pump(eventId);

        assertThat(stroke.admitted()).containsExactlyElementsOf(buyers.subList(0, 2));
        assertThat(http.status(eventId, buyers.getFirst()).json().path("status").asString())
                .isEqualTo("ADMITTED");
    }

    @Test
    void whenTheCounterIsZeroAndNoHoldIsLiveTheNextStatusOfEveryWaitingBuyerIsSoldOut() {
        catalog.availability(eventId, 0, 0);

        assertThat(buyers)
                .allSatisfy(buyer -> assertThat(http.status(eventId, buyer)
                                .json()
                                .path("status")
                                .asString())
                        .isEqualTo("SOLD_OUT"));
        assertThat(http.join(eventId, UUID.randomUUID()).json().path("status").asString())
                .isEqualTo("SOLD_OUT");
        assertThat(pump.pump(eventId).outcome()).isEqualTo(PumpStroke.Outcome.SOLD_OUT);
    }

    @Test
    void soldOutIsFinalEvenIfALaterReportShowsSeats() {
        catalog.availability(eventId, 0, 0);

        catalog.availability(eventId, 2, 0);

        assertThat(http.status(eventId, buyers.getFirst()).json().path("status").asString())
                .isEqualTo("SOLD_OUT");
        assertThat(pump.pump(eventId).admitted()).isEmpty();
    }

    @Test
    void aRedeliveredOrOlderReportChangesNothing() {
        Envelope zero = catalog.availability(eventId, 0, 4);
        catalog.availability(eventId, 5, 1);

        catalog.publish(Topics.INVENTORY, zero);
        Envelope older =
                new Envelope(UUID.randomUUID(), zero.eventType(), zero.occurredAt(), zero.key(), zero.payload());
        catalog.publishAndAwait(Topics.INVENTORY, eventId, older);

        assertThat(jedis.hget(QueueKeys.availability(eventId), "available")).isEqualTo("5");
        assertThat(pump.pump(eventId).admitted()).hasSize(2);
    }
}
