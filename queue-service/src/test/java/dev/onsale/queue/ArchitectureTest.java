package dev.onsale.queue;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "dev.onsale.queue", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule queue_depends_on_no_other_service = noClasses()
            .that()
            .resideInAPackage("dev.onsale.queue..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "dev.onsale.gateway..", "dev.onsale.inventory..", "dev.onsale.booking..", "dev.onsale.payment..");

    @ArchTest
    static final ArchRule transport_adapters_are_used_by_no_feature = noClasses()
            .that()
            .resideOutsideOfPackages("..web..", "..kafka..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("dev.onsale.queue..web..", "dev.onsale.queue..kafka..");
}
