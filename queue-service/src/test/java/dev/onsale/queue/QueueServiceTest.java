package dev.onsale.queue;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The whole queue-service on a random port against the shared embedded engines, with the settings
 * every integration test shares (background clock off, short admissions): one Spring context for all
 * of them, so no second clock pumps another test's events in the shared Redis.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {TestSettings.NO_BACKGROUND_CLOCK, TestSettings.SHORT_ADMISSIONS})
public @interface QueueServiceTest {}
