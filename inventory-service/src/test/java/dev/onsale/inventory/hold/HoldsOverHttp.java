package dev.onsale.inventory.hold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.engines.Engines;
import dev.onsale.inventory.InventoryKeys;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import redis.clients.jedis.JedisPooled;

/**
 * What every HTTP test of holds starts from: a fresh open event of {@value #CAPACITY} seats at most 4 per order, one
 * buyer session, and the service ready (its reply listener owns partitions) before the first hold is sent. The
 * subclasses carry {@code @InventoryServiceTest}, so they share one application context.
 */
abstract class HoldsOverHttp {

    static final int CAPACITY = 20;

    @LocalServerPort
    int port;

    @Autowired
    JedisPooled jedis;

    HoldCalls client;
    String bootstrap;
    UUID eventId;
    final UUID session = UUID.randomUUID();

    @BeforeEach
    void openAnEventAndAwaitTheService(Engines engines) {
        client = new HoldCalls(port);
        bootstrap = engines.kafkaBootstrap();
        eventId = TestEvents.open(jedis, CAPACITY, 4);
        Readiness.awaitReady(port);
    }

    /** The gate holds no seat, order, session, idempotency record or outbox entry of the event. */
    void assertNothingWritten() {
        assertThat(TestEvents.available(jedis, eventId)).isEqualTo(CAPACITY);
        assertThat(TestEvents.liveHolds(jedis, eventId)).isZero();
        assertThat(jedis.keys(InventoryKeys.prefix(eventId) + "order:*")).isEmpty();
        assertThat(jedis.keys(InventoryKeys.prefix(eventId) + "session:*")).isEmpty();
        assertThat(jedis.keys(InventoryKeys.prefix(eventId) + "idempotency:*")).isEmpty();
        assertThat(jedis.exists(InventoryKeys.outbox(eventId))).isFalse();
    }
}
