package dev.onsale.system;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One way to register and to document settings. A service's application class scans for its
 * {@code @ConfigurationProperties} records; only platform's auto-configurations enable properties one by one (a
 * service may leave them out). Every setting is documented by the {@code @param} of its record, which the
 * configuration processor turns into the metadata IDEs complete from: a setting without a description fails here.
 * Checked on the compiled classes and the generated metadata of each module, which the reactor builds before this one.
 */
class ConfigurationPropertiesTest {

    private static final String SCAN = "org.springframework.boot.context.properties.ConfigurationPropertiesScan";
    private static final String ENABLE = "org.springframework.boot.context.properties.EnableConfigurationProperties";
    private static final String APPLICATION = "org.springframework.boot.autoconfigure.SpringBootApplication";

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "gateway",
                "queue-service",
                "inventory-service",
                "booking-service",
                "payment-service",
                "payment-sandbox",
                "platform"
            })
    void every_setting_has_a_description(String module) throws Exception {
        Path metadata = Path.of("..", module, "target", "classes", "META-INF", "spring-configuration-metadata.json");
        assertThat(Files.isRegularFile(metadata))
                .as("the configuration processor's metadata of " + module)
                .isTrue();
        JsonNode properties =
                JsonMapper.builder().build().readTree(metadata.toFile()).path("properties");
        List<String> undocumented = new ArrayList<>();
        for (JsonNode property : properties) {
            if (property.path("description").asString("").isBlank()) {
                undocumented.add(property.path("name").asString() + " ("
                        + property.path("sourceType").asString() + ")");
            }
        }
        assertThat(properties).as("settings of " + module).isNotEmpty();
        assertThat(undocumented)
                .as("settings of %s without an @param in their record", module)
                .isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "gateway",
                "queue-service",
                "inventory-service",
                "booking-service",
                "payment-service",
                "payment-sandbox"
            })
    void a_service_scans_for_its_settings_and_enables_none_by_hand(String module) {
        JavaClasses compiled = classesOf(module);
        classes()
                .that()
                .areAnnotatedWith(APPLICATION)
                .should()
                .beAnnotatedWith(SCAN)
                .because("the application class registers every @ConfigurationProperties record of its service")
                .check(compiled);
        classes()
                .should()
                .notBeAnnotatedWith(ENABLE)
                .because("a feature class that enables its own properties is a second way of registering them")
                .check(compiled);
    }

    @Test
    void platform_enables_properties_only_in_its_auto_configurations() {
        classes()
                .that()
                .areAnnotatedWith(ENABLE)
                .should()
                .haveSimpleNameEndingWith("AutoConfiguration")
                .because("platform's pieces are switched on by the services that use them, settings included")
                .check(classesOf("platform"));
    }

    private static JavaClasses classesOf(String module) {
        Path classes = Path.of("..", module, "target", "classes");
        assertThat(Files.isDirectory(classes))
                .as("compiled classes of " + module)
                .isTrue();
        return new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPath(classes);
    }
}
