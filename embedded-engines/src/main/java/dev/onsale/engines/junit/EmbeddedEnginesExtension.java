package dev.onsale.engines.junit;

import dev.onsale.engines.EmbeddedEngines;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Starts {@link EmbeddedEngines#shared()} once per JVM before the first test class that uses it and
 * publishes its endpoints as System properties (ONSALE_KAFKA_BOOTSTRAP, ONSALE_DB_URL, ONSALE_DB_USER,
 * ONSALE_DB_PASSWORD, ONSALE_REDIS_URL), so {@code ${ONSALE_...}} placeholders resolve. Register it before
 * {@code @SpringBootTest}. Test methods and constructors may take an {@link EmbeddedEngines} parameter.
 */
public final class EmbeddedEnginesExtension implements BeforeAllCallback, ParameterResolver {

    @Override
    public void beforeAll(ExtensionContext context) {
        engines();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == EmbeddedEngines.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return engines();
    }

    private static EmbeddedEngines engines() {
        EmbeddedEngines engines = EmbeddedEngines.shared();
        engines.environment().forEach(System::setProperty);
        return engines;
    }
}
