package dev.onsale.sandbox;

import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * One sandbox context for every integration test (properties in application-test.yml: no latency, no faults,
 * short delays); each test starts from a reset and points webhooks at its own receiver.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "spring.profiles.active=test")
public abstract class SandboxITBase {

    protected static final WebhookReceiver receiver = new WebhookReceiver();

    @LocalServerPort
    protected int port;

    protected SandboxClient sandbox;

    @BeforeEach
    void resetSandbox() {
        sandbox = new SandboxClient(port);
        sandbox.reset();
        receiver.clear();
        sandbox.putSettings(Map.of("webhookUrl", receiver.url()));
    }
}
