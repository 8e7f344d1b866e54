package dev.onsale.system;

import java.util.Arrays;
import java.util.Comparator;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the classes on the {@link SharedSale} stack one after the other, before the rest (in their order otherwise):
 * the shared stack lives until the run's end, and idle beside another test's stack it would still take memory and
 * its periodic work some CPU. Set as the default class order in {@code junit-platform.properties}.
 */
public final class SharedSaleFirst implements ClassOrderer {

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparingInt(SharedSaleFirst::rank));
    }

    private static int rank(ClassDescriptor test) {
        return test.findRepeatableAnnotations(ExtendWith.class).stream()
                        .anyMatch(extension -> Arrays.asList(extension.value()).contains(SharedSale.class))
                ? 0
                : 1;
    }
}
