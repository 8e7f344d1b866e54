package dev.onsale.payment;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "dev.onsale.payment", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule payment_depends_on_no_other_service = noClasses()
            .that().resideInAPackage("dev.onsale.payment..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "dev.onsale.gateway..", "dev.onsale.queue..", "dev.onsale.inventory..", "dev.onsale.booking..");

    @ArchTest
    static final ArchRule transport_adapters_are_used_by_no_feature = noClasses()
            .that().resideOutsideOfPackages("..web..", "..kafka..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.onsale.payment..web..", "dev.onsale.payment..kafka..");
}
