package dev.onsale.payment.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.common.Topics;
import dev.onsale.common.events.PaymentFailed;
import dev.onsale.common.events.PaymentRequested;
import dev.onsale.common.events.PaymentSucceeded;
import dev.onsale.engines.Engines;
import dev.onsale.payment.BookingSide;
import dev.onsale.payment.Instance;
import dev.onsale.payment.Meters;
import dev.onsale.payment.PaymentServiceTest;
import dev.onsale.payment.Sandbox;
import dev.onsale.platform.testing.TopicTail;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/** A provider answering only 5xx is left alone while the breaker is open; its payments wait and then settle. */
@PaymentServiceTest
class CircuitBreakerIT {

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    CircuitBreaker breaker;

    @Autowired
    ProviderProperties properties;

    @Autowired
    MeterRegistry meters;

    final Sandbox sandbox = Sandbox.shared();
    BookingSide booking;
    TopicTail results;

    @BeforeEach
    void setUp(Engines engines) {
        Instance.prepare(context, port, Map.of("serverErrorShare", 1.0));
        booking = new BookingSide(engines);
        results = new TopicTail(engines, Topics.PAYMENT_RESULTS);
    }

    @AfterEach
    void tearDown() {
        booking.close();
        results.close();
    }

    @Test
    void failingCallsOpenTheBreakerNoCallIsMadeWhileOpenAndThePaymentsSettleOnceTheProviderRecovers() {
        List<PaymentRequested> requests = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            requests.add(BookingSide.payment(1000 + i, "tok_visa"));
        }
        // when the breaker opened, by its own clock: polling for the state would see it late on a busy machine
        var openedAt = new AtomicReference<Instant>();
        breaker.getEventPublisher().onStateTransition(transition -> {
            if (transition.getStateTransition().getToState() == CircuitBreaker.State.OPEN) {
                openedAt.compareAndSet(null, transition.getCreationTime().toInstant());
            }
        });
        requests.forEach(booking::publish);

        await().atMost(Duration.ofSeconds(20)).until(() -> openedAt.get() != null);
        await().atMost(Duration.ofSeconds(5)).until(() -> Meters.activeCalls(meters) == 0);
        long requestsWhenOpen = sandbox.traffic().sum();
        double serverErrors = Meters.providerCalls(meters, "charges", "server_error");
        // watch the provider for as much of the open period as is left, less a margin for the last look
        Duration left = properties.breaker().openFor().minus(Duration.between(openedAt.get(), Instant.now()));
        Duration quiet = left.minus(Duration.ofMillis(1_000));
        assertThat(quiet)
                .as("time left of the open period to watch the provider")
                .isGreaterThan(Duration.ofMillis(500));

        await().during(quiet)
                .atMost(quiet.plusSeconds(1))
                .until(() -> breaker.getState() == CircuitBreaker.State.OPEN
                        && sandbox.traffic().sum() == requestsWhenOpen);

        sandbox.settings(Map.of("serverErrorShare", 0.0));
        results.awaitUntil(
                Duration.ofSeconds(30),
                byKey -> requests.stream()
                        .allMatch(r ->
                                !results.of(r.orderId(), PaymentSucceeded.class).isEmpty()));
        assertThat(requests).allSatisfy(r -> {
            assertThat(results.of(r.orderId(), PaymentFailed.class)).isEmpty();
            assertThat(sandbox.charges(r.orderId())).hasSize(1);
        });
        assertThat(breaker.getState()).isEqualTo(CircuitBreaker.State.CLOSED);
        System.out.printf(
                "Breaker: open after %.0f server errors (%d requests at the provider), none during %s of"
                        + " the %s open period; all %d payments settled after recovery%n",
                serverErrors, requestsWhenOpen, quiet, properties.breaker().openFor(), requests.size());
    }
}
