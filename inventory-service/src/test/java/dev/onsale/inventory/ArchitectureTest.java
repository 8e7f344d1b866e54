package dev.onsale.inventory;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "dev.onsale.inventory", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule inventory_depends_on_no_other_service = noClasses()
            .that()
            .resideInAPackage("dev.onsale.inventory..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "dev.onsale.gateway..", "dev.onsale.queue..", "dev.onsale.booking..", "dev.onsale.payment..");

    @ArchTest
    static final ArchRule transport_adapters_are_used_by_no_feature = noClasses()
            .that()
            .resideOutsideOfPackages("..web..", "..kafka..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("dev.onsale.inventory..web..", "dev.onsale.inventory..kafka..");
}
