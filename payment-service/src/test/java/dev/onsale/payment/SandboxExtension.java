package dev.onsale.payment;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the JVM's {@link Sandbox} before the first test class that uses it and publishes its URL as
 * {@code ONSALE_PAYMENT_PROVIDER_URL} (a System property), so the service's placeholder resolves to it. Register it
 * before {@code @SpringBootTest}.
 */
public final class SandboxExtension implements BeforeAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) {
        System.setProperty("ONSALE_PAYMENT_PROVIDER_URL", Sandbox.shared().url());
    }
}
