package dev.onsale.gateway;

import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One stub per service, started once per JVM and shared by every {@link GatewayTest}; the gateway's routes point at
 * them. A stub answers {@code 200 {"upstream":"<name>"}} unless a test told it otherwise for a path.
 */
final class GatewayStubs implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    static final StubUpstream QUEUE = StubUpstream.start("queue");
    static final StubUpstream INVENTORY = StubUpstream.start("inventory");
    static final StubUpstream BOOKING = StubUpstream.start("booking");
    static final StubUpstream PAYMENT = StubUpstream.start("payment");

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        TestPropertyValues.of(
                        "onsale.upstream.queue=" + QUEUE.uri(),
                        "onsale.upstream.inventory=" + INVENTORY.uri(),
                        "onsale.upstream.booking=" + BOOKING.uri(),
                        "onsale.upstream.payment=" + PAYMENT.uri())
                .applyTo(context);
    }
}
