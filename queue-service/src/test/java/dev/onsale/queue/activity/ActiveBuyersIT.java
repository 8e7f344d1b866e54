package dev.onsale.queue.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.common.events.OrderCancelled;
import dev.onsale.common.events.OrderConfirmed;
import dev.onsale.common.events.OrderHeld;
import dev.onsale.common.events.OrderPaymentPending;
import dev.onsale.platform.messaging.Envelope;
import dev.onsale.queue.QueueCalls;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.TestCatalog;
import dev.onsale.queue.admission.AdmissionPump;
import java.time.Duration;
import java.time.Instant;
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
class ActiveBuyersIT {

    @LocalServerPort
    int port;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    @Autowired
    AdmissionPump pump;

    private TestCatalog catalog;
    private UUID eventId;
    private List<UUID> buyers;

    @BeforeEach
    void setUp() {
        QueueCalls http = new QueueCalls(port);
        catalog = new TestCatalog(kafka, jedis);
        eventId = catalog.open(10);
        http.putAdmission(eventId, "{\"maxActiveBuyers\": 2, \"maxAdmitPerSecond\": 1000}");
        buyers = IntStream.range(0, 4).mapToObj(i -> UUID.randomUUID()).toList();
        buyers.forEach(buyer -> http.join(eventId, buyer));
        assertThat(pump.pump(eventId).admitted()).containsExactlyElementsOf(buyers.subList(0, 2));
    }

    @Test
    void anEndedOrderFreesItsActiveSlotExactlyOnceEvenWhenDeliveredTwice() {
        UUID orderId = UUID.randomUUID();
        UUID first = buyers.get(0);
        order(new OrderHeld(
                orderId,
                eventId,
                first,
                List.of("A-1-1"),
                5000,
                "EUR",
                Instant.now().plusSeconds(600)));
        Envelope confirmed = order(new OrderConfirmed(orderId, eventId, first));
        assertThat(pump.pump(eventId).admitted()).containsExactly(buyers.get(2));

        catalog.publishAndAwait(Topics.ORDERS, eventId, confirmed);
        order(new OrderPaymentPending(UUID.randomUUID(), eventId, buyers.get(1)));

        assertThat(pump.pump(eventId).admitted()).isEmpty();
        assertThat(jedis.zcard(QueueKeys.active(eventId))).isEqualTo(2);
    }

    @Test
    void aBuyerHoldingAnOrderStaysActivePastTheAdmissionsExpiryUntilTheOrderEnds() {
        UUID orderId = UUID.randomUUID();
        UUID holder = buyers.get(0);
        order(new OrderHeld(
                orderId,
                eventId,
                holder,
                List.of("A-1-1"),
                5000,
                "EUR",
                Instant.now().plusSeconds(600)));

        await().atMost(Duration.ofSeconds(10)).until(() -> {
            pump.pump(eventId);
            return !jedis.zrange(QueueKeys.active(eventId), 0, -1)
                    .contains(buyers.get(1).toString());
        });
        assertThat(jedis.zscore(QueueKeys.active(eventId), holder.toString())).isInfinite();

        order(new OrderCancelled(orderId, eventId, holder));
        assertThat(jedis.zscore(QueueKeys.active(eventId), holder.toString())).isNull();
    }

    private Envelope order(Object event) {
        Envelope envelope = Envelope.wrap(UUID.randomUUID().toString(), event);
        catalog.publishAndAwait(Topics.ORDERS, eventId, envelope);
        return envelope;
    }
}
