package dev.onsale.payment;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.onsale.payment.provider.Provider;
import dev.onsale.platform.outbox.Outbox;

@AnalyzeClasses(packages = "dev.onsale.payment", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule payment_depends_on_no_other_service = noClasses()
            .that()
            .resideInAPackage("dev.onsale.payment..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "dev.onsale.gateway..", "dev.onsale.queue..", "dev.onsale.inventory..", "dev.onsale.booking..");

    @ArchTest
    static final ArchRule transport_adapters_are_used_by_no_feature = noClasses()
            .that()
            .resideOutsideOfPackages("..web..", "..kafka..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("dev.onsale.payment..web..", "dev.onsale.payment..kafka..");

    /** Each result is announced at most once per payment because exactly one class announces results. */
    @ArchTest
    static final ArchRule results_leave_only_through_settlement = noClasses()
            .that()
            .resideOutsideOfPackage("dev.onsale.payment.settlement..")
            .should()
            .dependOnClassesThat()
            .areAssignableTo(Outbox.class);

    /**
     * Money-moving calls are paced by the dispatcher; status reads come from the poller, ledger reads from the
     * reconciliation; nobody else calls out.
     */
    @ArchTest
    static final ArchRule the_provider_is_called_by_the_queue_the_poller_and_the_reconciliation_only = noClasses()
            .that()
            .resideOutsideOfPackages(
                    "dev.onsale.payment.queue..",
                    "dev.onsale.payment.poll..",
                    "dev.onsale.payment.reconcile..",
                    "dev.onsale.payment.provider..")
            .should()
            .dependOnClassesThat()
            .areAssignableTo(Provider.class);
}
