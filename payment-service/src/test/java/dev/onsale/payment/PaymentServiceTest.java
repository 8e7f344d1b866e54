package dev.onsale.payment;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The whole service on a random port against the shared embedded engines and the real sandbox process. Every
 * test class uses these same settings, so they share one application context — one replica, whose dispatcher and
 * poller work on every row in the shared database: tests give each payment its own order id. Polls come after
 * 1 s (rather than 10 s) and retries back off at most 2 s, so that each scenario settles in seconds.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith({EmbeddedEnginesExtension.class, SandboxExtension.class})
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            PaymentServiceTest.TPS, PaymentServiceTest.POLL_AFTER, PaymentServiceTest.POLL_MAX_BACKOFF,
            PaymentServiceTest.POLL_INTERVAL, PaymentServiceTest.RETRY_MAX, PaymentServiceTest.BREAKER_OPEN_FOR,
            PaymentServiceTest.WEBHOOK_SECRET
        })
public @interface PaymentServiceTest {

    String TPS = "onsale.provider.tps=20";
    String POLL_AFTER = "onsale.poll.after=1s";
    String POLL_MAX_BACKOFF = "onsale.poll.max-backoff=2s";
    String POLL_INTERVAL = "onsale.poll.interval=200ms";
    String RETRY_MAX = "onsale.queue.retry-max=2s";
    String BREAKER_OPEN_FOR = "onsale.provider.breaker.open-for=4s";
    String WEBHOOK_SECRET = "onsale.payment.webhook.secret=" + Sandbox.WEBHOOK_SECRET;

    /** The same settings, for a second instance started by hand. */
    String[] PROPERTIES = {TPS, POLL_AFTER, POLL_MAX_BACKOFF, POLL_INTERVAL, RETRY_MAX, BREAKER_OPEN_FOR, WEBHOOK_SECRET
    };
}
