package dev.onsale.system;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The module rule of the design: a service depends on {@code common} and {@code platform} only —
 * never on another service, nor on the embedded engines or the launcher; {@code common} depends on
 * nothing of Onsale's and no framework; {@code platform} knows no service. Checked on the compiled
 * classes of each module, which the reactor builds before this one.
 */
class ModuleDependenciesTest {

    record Module(String directory, String rootPackage, List<String> allowed) {}

    private static final String ONSALE = "dev.onsale";
    private static final List<String> SERVICE_ALLOWED = List.of("dev.onsale.common..", "dev.onsale.platform..");

    static List<Module> modules() {
        return List.of(
                new Module("gateway", "dev.onsale.gateway", List.of("dev.onsale.common..")),
                new Module("queue-service", "dev.onsale.queue", SERVICE_ALLOWED),
                new Module("inventory-service", "dev.onsale.inventory", SERVICE_ALLOWED),
                new Module("booking-service", "dev.onsale.booking", SERVICE_ALLOWED),
                new Module("payment-service", "dev.onsale.payment", SERVICE_ALLOWED),
                // a stand-in for a third party shares nothing with us
                new Module("payment-sandbox", "dev.onsale.sandbox", List.of()),
                new Module("platform", "dev.onsale.platform", List.of("dev.onsale.common..")),
                new Module("common", "dev.onsale.common", List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("modules")
    void aModuleDependsOnlyOnTheOnsaleModulesItIsAllowedTo(Module module) {
        JavaClasses classes = classesOf(module);
        String[] allowed = java.util.stream.Stream.concat(
                        java.util.stream.Stream.of(module.rootPackage() + ".."), module.allowed().stream())
                .toArray(String[]::new);
        noClasses()
                .that()
                .resideInAPackage(module.rootPackage() + "..")
                .should()
                .dependOnClassesThat(com.tngtech.archunit.base.DescribedPredicate.and(
                        com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage(ONSALE + ".."),
                        com.tngtech.archunit.base.DescribedPredicate.not(
                                com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage(allowed))))
                .because("services talk through Kafka topics, never through each other's code")
                .check(classes);
    }

    @Test
    void commonIsFreeOfFrameworks() {
        Module common = modules().getLast();
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("org.springframework..", "tools.jackson..", "com.fasterxml..", "org.apache.kafka..")
                .because("common is the published language: contracts only")
                .check(classesOf(common));
    }

    private static JavaClasses classesOf(Module module) {
        Path classes = Path.of("..", module.directory(), "target", "classes");
        assertThat(Files.isDirectory(classes))
                .as("compiled classes of " + module.directory())
                .isTrue();
        JavaClasses imported = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPath(classes);
        assertThat(imported).as("classes of " + module.directory()).isNotEmpty();
        return imported;
    }
}
