package dev.onsale.booking;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The whole service on a random port against the shared embedded engines. Every test class uses
 * the same settings, so they share one application context (and one relay). The catalog TTL is
 * long here so that tests of coalescing do not race the expiry on a slow machine.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "onsale.catalog.cache-ttl=10s")
public @interface BookingServiceTest {}
