package dev.onsale.gateway;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

/**
 * The gateway on a random port in front of one stub per service ({@link GatewayStubs}), with the real Redis of the
 * embedded engines. Every test class uses the same settings, so they share one application context and the stubs;
 * tests use paths of their own. A class that needs another setting adds it and gets a context of its own. The
 * previous admission key is configured as during a rotation; ApiDocsIT sees a missing part come back within its test.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "onsale.admission.previous-keys=" + AdmissionTokens.PREVIOUS_KEY,
            "onsale.api-docs.retry-missing-after=2s"
        })
@ContextConfiguration(initializers = GatewayStubs.class)
@interface GatewayTest {}
