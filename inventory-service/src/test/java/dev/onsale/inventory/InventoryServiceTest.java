package dev.onsale.inventory;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The whole inventory-service on a random port against the shared embedded engines. Every test class uses the same
 * settings, so they share one application context (one reply listener, one stream relay); a class that needs another
 * setting adds it with {@code @TestPropertySource} and gets a context of its own.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public @interface InventoryServiceTest {}
