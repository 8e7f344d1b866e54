package dev.onsale.booking;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "dev.onsale.booking", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule bookingDependsOnNoOtherService = noClasses()
            .that()
            .resideInAPackage("dev.onsale.booking..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "dev.onsale.gateway..", "dev.onsale.queue..", "dev.onsale.inventory..", "dev.onsale.payment..");

    @ArchTest
    static final ArchRule theModelDoesNotDependOnItsWebAdapters = noClasses()
            .that()
            .resideInAPackage("dev.onsale.booking.event")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.onsale.booking..web..");

    @ArchTest
    static final ArchRule ordersAndHoldsDoNotDependOnTheirTransportAdapters = noClasses()
            .that()
            .resideInAnyPackage("dev.onsale.booking.order", "dev.onsale.booking.hold", "dev.onsale.booking.payment")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("dev.onsale.booking..web..", "dev.onsale.booking..kafka..");

    @ArchTest
    static final ArchRule ordersKnowNothingOfPayments = noClasses()
            .that()
            .resideInAnyPackage("dev.onsale.booking.order..", "dev.onsale.booking.hold..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.onsale.booking.payment..");

    @ArchTest
    static final ArchRule ordersKnowNothingOfAllocation = noClasses()
            .that()
            .resideInAPackage("dev.onsale.booking.order..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.onsale.booking.hold..");
}
