package dev.onsale.system;

import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One stack for the system tests that ask nothing of it but a sale: no faults, no settings of their own, the default
 * engines. A class takes it as a {@code SaleFixture} parameter of its {@code @BeforeAll}; the first to ask starts it,
 * and it stops when the whole run is over (the run's root store closes it), not with the class. Each class makes its
 * own events, so their sales do not meet. A stack start is 40-50 s of the suite on two cores.
 */
final class SharedSale implements ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedSale.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == SaleFixture.class;
    }

    @Override
    public SaleFixture resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .computeIfAbsent("sale", key -> SaleFixture.start("shared", Map.of()), SaleFixture.class);
    }
}
