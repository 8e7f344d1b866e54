package dev.onsale.gateway.identity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.problem.ProblemType;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.http.HttpMethod;

class AccessRulesTest {

    private static final Caller BUYER = new Caller.Buyer(UUID.fromString("7d3f7a52-3c9e-4c55-9a55-0d2a3b6a1f00"));
    private static final Caller ADMIN = new Caller.Operator(Caller.Role.ADMIN);
    private static final Caller AUDITOR = new Caller.Operator(Caller.Role.AUDITOR);

    @ParameterizedTest(name = "{0} {1} is {2}")
    @CsvSource({
        "POST, /api/sessions, ANONYMOUS",
        "GET, /api/events, ANONYMOUS",
        "GET, /api/events/e1, ANONYMOUS",
        "GET, /api/events/e1/seats, ANONYMOUS",
        "GET, /api/events/e1/availability, ANONYMOUS",
        "POST, /api/events/e1/holds, BUYER",
        "POST, /api/events, BUYER",
        "GET, /api/events/e1/seats/extra, BUYER",
        "GET, /api/orders/o1, BUYER",
        "POST, /api/queue/e1/join, BUYER",
        "GET, /api/unknown, BUYER",
        "POST, /webhooks/payments, WEBHOOK",
        "POST, /admin/events, ADMIN",
        "PUT, /admin/events/e1/admission, ADMIN",
        "GET, /audit/reconciliation/reports, AUDITOR",
        "GET, /problems/sold-out, ANONYMOUS",
        "GET, /actuator/health, MANAGEMENT",
        "POST, /actuator/anything, MANAGEMENT",
        "GET, /wait/e1, ANONYMOUS",
        "GET, /events/e1/admitted, ANONYMOUS",
        "GET, /assets/waiting-room.0123456789abcdef.js, ANONYMOUS",
        "GET, /elsewhere, ANONYMOUS"
    })
    void eachPathCarriesItsRequirement(String method, String path, Requirement expected) {
        assertThat(AccessPolicy.requirementFor(HttpMethod.valueOf(method), path))
                .isEqualTo(expected);
    }

    @Test
    void aBuyerSessionForwardsItsSessionIdAsBuyer() {
        assertThat(AccessDecision.decide(Requirement.BUYER, BUYER))
                .isEqualTo(new AccessDecision.Granted(
                        Map.of(IdentityHeaders.BUYER, "7d3f7a52-3c9e-4c55-9a55-0d2a3b6a1f00")));
    }

    @Test
    void theAdminTokenForwardsTheAdminRoleOnAdminAndAuditPaths() {
        Map<String, String> admin = Map.of(IdentityHeaders.ROLE, IdentityHeaders.ROLE_ADMIN);
        assertThat(AccessDecision.decide(Requirement.ADMIN, ADMIN)).isEqualTo(new AccessDecision.Granted(admin));
        assertThat(AccessDecision.decide(Requirement.AUDITOR, ADMIN)).isEqualTo(new AccessDecision.Granted(admin));
    }

    @Test
    void theAuditorTokenForwardsTheAuditorRoleOnAuditPathsOnly() {
        assertThat(AccessDecision.decide(Requirement.AUDITOR, AUDITOR))
                .isEqualTo(new AccessDecision.Granted(Map.of(IdentityHeaders.ROLE, IdentityHeaders.ROLE_AUDITOR)));
        assertThat(deniedAs(Requirement.ADMIN, AUDITOR)).isEqualTo(ProblemType.FORBIDDEN);
    }

    @Test
    void missingOrUnrecognizedCredentialsAreUnauthorizedEverywhereCredentialsAreNeeded() {
        for (Requirement requirement : new Requirement[] {Requirement.BUYER, Requirement.ADMIN, Requirement.AUDITOR}) {
            assertThat(deniedAs(requirement, new Caller.Nobody())).isEqualTo(ProblemType.UNAUTHORIZED);
            assertThat(deniedAs(requirement, new Caller.Unrecognized())).isEqualTo(ProblemType.UNAUTHORIZED);
        }
    }

    @Test
    void aHeaderThatIsNotBearerTokenSaysSoInsteadOfCallingTheTokenInvalid() {
        for (Requirement requirement : new Requirement[] {Requirement.BUYER, Requirement.ADMIN, Requirement.AUDITOR}) {
            var bare = (AccessDecision.Denied) AccessDecision.decide(requirement, new Caller.Unrecognized(true));
            var forged = (AccessDecision.Denied) AccessDecision.decide(requirement, new Caller.Unrecognized(false));
            assertThat(bare.problem().detail()).as(requirement.name()).contains("\"Bearer <token>\"");
            assertThat(forged.problem().detail()).as(requirement.name()).doesNotContain("Bearer");
        }
    }

    @Test
    void validCredentialsOfTheWrongKindAreForbidden() {
        assertThat(deniedAs(Requirement.ADMIN, BUYER)).isEqualTo(ProblemType.FORBIDDEN);
        assertThat(deniedAs(Requirement.AUDITOR, BUYER)).isEqualTo(ProblemType.FORBIDDEN);
        assertThat(deniedAs(Requirement.BUYER, ADMIN)).isEqualTo(ProblemType.FORBIDDEN);
    }

    @Test
    void anonymousAndWebhookPathsForwardNoIdentityWhateverIsPresented() {
        for (Caller caller : new Caller[] {BUYER, ADMIN, new Caller.Nobody(), new Caller.Unrecognized()}) {
            assertThat(AccessDecision.decide(Requirement.ANONYMOUS, caller))
                    .isEqualTo(new AccessDecision.Granted(Map.of()));
            assertThat(AccessDecision.decide(Requirement.WEBHOOK, caller))
                    .isEqualTo(new AccessDecision.Granted(Map.of()));
        }
    }

    private static ProblemType deniedAs(Requirement requirement, Caller caller) {
        return ((AccessDecision.Denied) AccessDecision.decide(requirement, caller))
                .problem()
                .type();
    }
}
