package dev.onsale.payment.queue;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentRequested;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.engines.Engines;
import dev.onsale.payment.BookingSide;
import dev.onsale.payment.Instance;
import dev.onsale.payment.Meters;
import dev.onsale.payment.PaymentApplication;
import dev.onsale.payment.PaymentServiceTest;
import dev.onsale.payment.Sandbox;
import dev.onsale.payment.provider.ProviderProperties;
import dev.onsale.platform.testing.TopicTail;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two replicas (this test's context and a second one started here, on the same engines) share one pace: 800
 * payments queued at once reach a sandbox limited to 20 requests per second never faster than that, counted in the
 * sandbox's fixed seconds, and every one settles.
 */
@PaymentServiceTest
class PacingIT {

    private static final int PAYMENTS = 800;
    private static final int TPS = 20;

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    MeterRegistry meters;

    final Sandbox sandbox = Sandbox.shared();
    BookingSide booking;
    TopicTail results;

    @BeforeEach
    void setUp(Engines engines) {
        // Realistic latency (the sandbox's defaults: p50 100 ms, p99 800 ms), quick decisions.
        Instance.prepare(context, port, Map.of("tps", TPS));
        booking = new BookingSide(engines);
        results = new TopicTail(engines, Topics.PAYMENT_RESULTS);
    }

    @AfterEach
    void tearDown() {
        booking.close();
        results.close();
    }

    @Test
    void twoReplicasKeepEightHundredPaymentsUnderTheProvidersLimitInEveryFixedSecondAndSettleThemAll() {
        // As command-line arguments: they outrank application.yml (default properties would not).
        String[] arguments = Stream.concat(Stream.of(PaymentServiceTest.PROPERTIES), Stream.of("server.port=0"))
                .map(property -> "--" + property)
                .toArray(String[]::new);
        try (ConfigurableApplicationContext second =
                new SpringApplicationBuilder(PaymentApplication.class).run(arguments)) {
            assertThat(second.getBean(ProviderProperties.class).tps()).isEqualTo(TPS);
            MeterRegistry secondMeters = second.getBean(MeterRegistry.class);
            double firstBefore = Meters.providerCalls(meters, "charges", "accepted");
            List<PaymentRequested> requests = new ArrayList<>();
            for (int i = 0; i < PAYMENTS; i++) {
                requests.add(BookingSide.payment(1000 + i, "tok_visa"));
            }
            long start = System.nanoTime();

            requests.forEach(booking::publishAsync);
            booking.flush();
            results.awaitUntil(
                    Duration.ofSeconds(180),
                    byKey -> requests.stream()
                            .allMatch(r -> !results.of(r.orderId(), PaymentSucceeded.class)
                                    .isEmpty()));
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            Sandbox.Traffic traffic = sandbox.traffic();
            double byFirst = Meters.providerCalls(meters, "charges", "accepted") - firstBefore;
            double bySecond = Meters.providerCalls(secondMeters, "charges", "accepted");
            System.out.printf(
                    "Pacing: %d payments settled in %.1f s (lower bound %d s at %d TPS: ratio %.2f);"
                            + " provider saw %d requests, at most %d in one fixed second, %d answered 429;"
                            + " accepted charges by replica: %.0f and %.0f%n",
                    PAYMENTS,
                    took.toMillis() / 1000.0,
                    PAYMENTS / TPS,
                    TPS,
                    took.toMillis() / 1000.0 / (PAYMENTS / TPS),
                    traffic.sum(),
                    traffic.maxPerSecond(),
                    traffic.rejectedSum(),
                    byFirst,
                    bySecond);
            System.out.println(
                    "Pacing: requests per fixed second " + traffic.total().values());

            assertThat(traffic.total().values())
                    .as("requests per fixed second")
                    .allSatisfy(perSecond -> assertThat(perSecond).isLessThanOrEqualTo(TPS));
            assertThat(traffic.rejectedSum()).as("429s").isZero();
            assertThat(requests)
                    .allSatisfy(r -> assertThat(results.of(r.orderId(), PaymentSucceeded.class))
                            .hasSize(1));
            Map<UUID, Long> charges = sandbox.chargesByOrder();
            assertThat(requests)
                    .allSatisfy(r ->
                            assertThat(charges.get(r.orderId())).as("charges").isEqualTo(1L));
            assertThat(byFirst).as("the first replica submitted").isPositive();
            assertThat(bySecond).as("the second replica submitted").isPositive();
        }
    }
}
