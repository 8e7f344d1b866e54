package dev.onsale.sandbox;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "dev.onsale", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule the_sandbox_shares_no_code_with_the_services_it_stands_in_for = noClasses()
            .that()
            .resideInAPackage("dev.onsale.sandbox..")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages(
                    "dev.onsale.sandbox..",
                    "java..",
                    "javax..",
                    "jakarta..",
                    "org.springframework..",
                    "org.slf4j..",
                    "io.micrometer..",
                    "tools.jackson..")
            .because("a third party's stand-in must not agree with us by construction");

    @ArchTest
    static final ArchRule nothing_depends_on_the_web_adapters = noClasses()
            .that()
            .resideOutsideOfPackage("..web..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.onsale.sandbox..web..");

    @ArchTest
    static final ArchRule features_are_free_of_cycles =
            slices().matching("dev.onsale.sandbox.(**)").should().beFreeOfCycles();
}
