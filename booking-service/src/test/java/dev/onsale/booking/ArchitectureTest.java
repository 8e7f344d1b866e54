package dev.onsale.booking;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

@AnalyzeClasses(packages = "dev.onsale.booking", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule booking_depends_on_no_other_service = noClasses()
            .that()
            .resideInAPackage("dev.onsale.booking..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "dev.onsale.gateway..", "dev.onsale.queue..", "dev.onsale.inventory..", "dev.onsale.payment..");

    @ArchTest
    static final ArchRule the_model_does_not_depend_on_its_web_adapters = noClasses()
            .that()
            .resideInAPackage("dev.onsale.booking.event")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.onsale.booking..web..");

    @ArchTest
    static final ArchRule orders_and_holds_do_not_depend_on_their_transport_adapters = noClasses()
            .that()
            .resideInAnyPackage("dev.onsale.booking.order", "dev.onsale.booking.hold", "dev.onsale.booking.payment")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("dev.onsale.booking..web..", "dev.onsale.booking..kafka..");

    @ArchTest
    static final ArchRule orders_know_nothing_of_payments = noClasses()
            .that()
            .resideInAnyPackage("dev.onsale.booking.order..", "dev.onsale.booking.hold..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.onsale.booking.payment..");

    @ArchTest
    static final ArchRule orders_know_nothing_of_allocation = noClasses()
            .that()
            .resideInAPackage("dev.onsale.booking.order..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("dev.onsale.booking.hold..");
}
