package dev.onsale.sandbox;

import java.util.Map;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * Before each test of a {@link SandboxTest}: the sandbox reset (empty ledger, start settings) and its webhooks pointed
 * at the JVM's one {@link WebhookReceiver}, emptied. Every test of the shared context starts from there, whatever the
 * test before it changed. Resolves {@link SandboxClient} and {@link WebhookReceiver} parameters.
 */
final class SandboxReset implements BeforeEachCallback, ParameterResolver {

    private static final WebhookReceiver RECEIVER = new WebhookReceiver();

    @Override
    public void beforeEach(ExtensionContext context) {
        SandboxClient sandbox = sandbox(context);
        sandbox.reset();
        RECEIVER.clear();
        sandbox.putSettings(Map.of("webhookUrl", RECEIVER.url()));
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == SandboxClient.class || type == WebhookReceiver.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == SandboxClient.class ? sandbox(context) : RECEIVER;
    }

    /** A client of the sandbox the test's Spring context started. */
    private static SandboxClient sandbox(ExtensionContext context) {
        int port = SpringExtension.getApplicationContext(context)
                .getEnvironment()
                .getRequiredProperty("local.server.port", Integer.class);
        return new SandboxClient(port);
    }
}
