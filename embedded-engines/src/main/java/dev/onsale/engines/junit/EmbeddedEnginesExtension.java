package dev.onsale.engines.junit;

import dev.onsale.engines.EmbeddedEngines;
import dev.onsale.engines.Engines;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Starts the engines of this test JVM once ({@link Engines#forTests()}: embedded, or in containers
 * with {@code ONSALE_TEST_ENGINES=containers}) before the first test class that uses it and
 * publishes their endpoints as System properties (ONSALE_KAFKA_BOOTSTRAP, ONSALE_DB_URL, ONSALE_DB_USER,
 * ONSALE_DB_PASSWORD, ONSALE_REDIS_URL), so {@code ${ONSALE_...}} placeholders resolve. Register it before
 * {@code @SpringBootTest}. Test methods and constructors may take an {@link Engines} parameter, or an
 * {@link EmbeddedEngines} one when they need what only the embedded engines have (pids, fixed ports).
 */
public final class EmbeddedEnginesExtension implements BeforeAllCallback, ParameterResolver {

    @Override
    public void beforeAll(ExtensionContext context) {
        engines();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Engines.class || type == EmbeddedEngines.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Engines engines = engines();
        if (parameter.getParameter().getType() == EmbeddedEngines.class && !(engines instanceof EmbeddedEngines)) {
            throw new ParameterResolutionException(context.getDisplayName() + " needs the embedded engines, but "
                    + Engines.SELECTOR + " selected " + engines.getClass().getSimpleName());
        }
        return engines;
    }

    private static Engines engines() {
        Engines engines = Engines.forTests();
        engines.environment().forEach(System::setProperty);
        return engines;
    }
}
