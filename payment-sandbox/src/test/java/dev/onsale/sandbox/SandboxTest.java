package dev.onsale.sandbox;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The sandbox on a random port, one context for every integration test (properties in application-test.yml: no
 * latency, no faults, short delays). Each test starts from a reset, with webhooks pointed at the JVM's one
 * {@link WebhookReceiver}; a test takes the {@link SandboxClient} and the receiver as constructor parameters
 * ({@link SandboxReset}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "spring.profiles.active=test")
@ExtendWith(SandboxReset.class)
public @interface SandboxTest {}
