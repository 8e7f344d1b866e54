package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The warm-up walks its synthetic buyers through the whole chain before the gateway reports ready. The test
 * runs once the context is up, so what the stubs received by then was received before readiness.
 */
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "onsale.warm-up.buyers=" + WarmUpIT.BUYERS,
            "onsale.warm-up.concurrency=8",
            // 6 limited requests per buyer at half of 40/s: about 6 s. Unpaced, the walk outruns the
            // 20-request burst and is refused.
            "onsale.rate-limit.address-burst=20",
            "onsale.rate-limit.address-per-second=40",
            "onsale.rate-limit.key-prefix=warm-up-it:"
        })
class WarmUpIT {

    static final int BUYERS = 20;
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

    static final StubUpstream QUEUE = StubUpstream.start("queue");
    static final StubUpstream INVENTORY = StubUpstream.start("inventory");
    static final StubUpstream BOOKING = StubUpstream.start("booking");
    static final StubUpstream PAYMENT = StubUpstream.start("payment");

    @Autowired
    ApplicationAvailability availability;

    @Autowired
    MeterRegistry meters;

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry registry) {
        registry.add("onsale.upstream.queue", () -> QUEUE.uri().toString());
        registry.add("onsale.upstream.inventory", () -> INVENTORY.uri().toString());
        registry.add("onsale.upstream.booking", () -> BOOKING.uri().toString());
        registry.add("onsale.upstream.payment", () -> PAYMENT.uri().toString());
    }

    @AfterAll
    static void stopStubs() {
        List.of(QUEUE, INVENTORY, BOOKING, PAYMENT).forEach(StubUpstream::close);
    }

    @Test
    void everySyntheticBuyerWalkedTheHotPathsToItsServicesBeforeTheGatewayWasReady() {
        assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
        // the arrivals' joins go in batches: one call per arrival at most
        assertThat(QUEUE.countWhere(path("/internal/queue/{}/joins"))).isBetween(1, BUYERS);
        assertThat(QUEUE.countWhere(path("/api/queue/{}/status"))).isEqualTo(BUYERS);
        assertThat(INVENTORY.countWhere(path("/api/events/{}/availability"))).isEqualTo(BUYERS);
        assertThat(INVENTORY.countWhere(path("/api/events/{}/holds"))).isEqualTo(BUYERS);
        assertThat(BOOKING.countWhere(path("/api/orders/{}"))).isEqualTo(BUYERS);
        assertThat(PAYMENT.countWhere(path -> true)).isZero();
    }

    @Test
    void theHoldIsForwardedAsARealOneIsWithItsAdmissionAndASignedIdentity() {
        StubUpstream.Received hold = INVENTORY.receivedWhere(path("/api/events/{}/holds"));
        assertThat(hold.method()).isEqualTo("POST");
        assertThat(hold.header("X-Onsale-Buyer")).matches(UUID);
        assertThat(hold.header("X-Onsale-Admission")).matches(UUID);
        assertThat(hold.header("X-Onsale-Signature")).startsWith("t=");
        assertThat(new String(hold.body())).isEqualTo("{\"quantity\": 1}");
    }

    @Test
    void theWarmUpKeptToItsShareOfTheAddressLimitAndWasNeverRefused() {
        assertThat(meters.find("onsale.gateway.ratelimit.refused").counters())
                .allSatisfy(refused -> assertThat(refused.count()).isZero());
        // all but the progress document, which is answered from the cache without a limit
        assertThat(meters.get("onsale.gateway.ratelimit.checked").counter().count())
                .isEqualTo(6.0 * BUYERS);
    }

    @Test
    void allSyntheticBuyersAskAboutOneEventThatNoServiceKnows() {
        Predicate<String> anyQueuePath = path("/api/queue/{}/status");
        String status = QUEUE.receivedWhere(anyQueuePath).path();
        String event = status.split("/")[3];
        assertThat(QUEUE.countWhere(p -> p.equals("/api/queue/" + event + "/status")))
                .isEqualTo(BUYERS);
        assertThat(QUEUE.countWhere(path("/internal/queue/{}/joins")))
                .isEqualTo(QUEUE.countWhere(p -> p.equals("/internal/queue/" + event + "/joins")));
        assertThat(INVENTORY.countWhere(p -> p.equals("/api/events/" + event + "/holds")))
                .isEqualTo(BUYERS);
    }

    /** Paths of {@code shape}, where {} stands for one UUID. */
    private static Predicate<String> path(String shape) {
        Pattern pattern = Pattern.compile(Pattern.quote(shape).replace("{}", "\\E" + UUID.pattern() + "\\Q"));
        return candidate -> pattern.matcher(candidate).matches();
    }
}
