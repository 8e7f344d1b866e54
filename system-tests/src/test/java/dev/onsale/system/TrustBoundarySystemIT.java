package dev.onsale.system;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.token.GatewaySignature;
import dev.onsale.common.token.HmacSigner;
import dev.onsale.launcher.Service;
import dev.onsale.testing.TestHttp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The trust boundary of a local stack, tried as an attacker on this machine would: nothing but loopback listens,
 * and a request sent straight to a service with an identity the gateway did not sign (forged, stripped, replayed
 * after its window, moved to another method or path) is 401 problem+json and changes nothing.
 */
@ExtendWith(SharedSale.class)
class TrustBoundarySystemIT {

    private static SaleFixture sale;
    private static UUID eventId;
    private static SaleFixture.Buyer buyer;
    private static UUID orderId;
    private static GatewaySignature.Claims ownRead;
    private static HmacSigner stackKey;

    @BeforeAll
    static void aStackWithOneHeldOrder(SaleFixture shared) {
        sale = shared;
        eventId = sale.generalAdmissionEvent("Trust boundary", 10, 2500, 600);
        buyer = sale.newBuyer();
        TestHttp.Reply held = sale.hold(eventId, buyer, "{\"quantity\": 2}");
        assertThat(held.status()).as(held.toString()).isEqualTo(201);
        orderId = UUID.fromString(held.json().path("orderId").asString());
        ownRead = new GatewaySignature.Claims(
                "GET", "/api/orders/" + orderId, buyer.sessionId().toString(), null, null, null);
        stackKey = new HmacSigner(sale.stack.identityKey());
    }

    @Test
    void onlyLoopbackListensAndActuatorsAnswerOnTheirOwnPortsOnly() {
        Map<String, Set<String>> listening = ListeningSockets.of(sale.stack.pids());
        System.out.println("[trust] listening: " + listening);
        assertThat(listening.get("gateway")).contains("::ffff:127.0.0.1:" + sale.config.port(Service.GATEWAY));
        assertThat(listening)
                .allSatisfy((process, addresses) -> assertThat(addresses)
                        .as(process)
                        .allSatisfy(address -> assertThat(ListeningSockets.isLoopback(address))
                                .as(process + " on " + address)
                                .isTrue()));
        for (Service service : Service.values()) {
            assertThat(listening.get(service.module()))
                    .as(service.module())
                    .hasSize(2)
                    .anySatisfy(a -> assertThat(a).endsWith(":" + sale.config.port(service)))
                    .anySatisfy(a -> assertThat(a).endsWith(":" + sale.config.managementPort(service)));
            TestHttp management = TestHttp.at(sale.stack.managementUrl(service));
            assertThat(management.get("/actuator/health/readiness").send().status())
                    .as(service.module())
                    .isEqualTo(200);
        }
        assertThat(sale.gateway.get("/actuator/prometheus").send().status()).isEqualTo(404);
        assertThat(direct(Service.BOOKING).get("/actuator/prometheus").send().status())
                .isEqualTo(404);
    }

    @Test
    void anOperatorForgedStraightAtBookingIsRefusedAndCreatesNothing() throws Exception {
        String name = "Forged " + UUID.randomUUID();
        String body = """
                {"name": "%s", "venue": "Nowhere", "startsAt": "%s", "saleOpensAt": "%s",
                 "generalAdmission": {"quantity": 5, "priceCents": 100}}""".formatted(
                name, Instant.now().plus(Duration.ofDays(9)), Instant.now().minusSeconds(5));

        TestHttp.Reply forged = direct(Service.BOOKING)
                .post("/admin/events", body)
                .header("X-Onsale-Role", "admin")
                .send();
        System.out.printf(
                "[trust] POST %s/admin/events with X-Onsale-Role: admin and no token: %d %s %s%n",
                sale.stack.serviceUrl(Service.BOOKING), forged.status(), forged.header("Content-Type"), forged.body());

        assertUnauthorized(forged);
        assertThat(sale.strings("SELECT count(*) FROM booking.events WHERE name = ?", name))
                .containsExactly("0");
        assertThat(sale.gateway.get("/api/events").send().body()).doesNotContain(name);
    }

    @Test
    void aBuyerForgedStraightAtBookingCannotReadCancelOrPayTheirOrder() throws Exception {
        Map<String, String> asTheBuyer =
                Map.of("X-Onsale-Buyer", buyer.sessionId().toString());
        TestHttp booking = direct(Service.BOOKING);

        assertUnauthorized(
                booking.get("/api/orders/" + orderId).headers(asTheBuyer).send());
        assertUnauthorized(
                booking.delete("/api/orders/" + orderId).headers(asTheBuyer).send());
        assertUnauthorized(booking.post("/api/orders/" + orderId + "/payments", "{\"paymentMethod\": \"tok_visa\"}")
                .headers(Map.of(
                        "X-Onsale-Buyer",
                        buyer.sessionId().toString(),
                        "Idempotency-Key",
                        UUID.randomUUID().toString()))
                .send());

        assertTheOrderIsUntouched();
    }

    @Test
    void theStacksOwnSignatureWorksForItsRequestOnlyAndOnlyWithinItsWindow() throws Exception {
        TestHttp booking = direct(Service.BOOKING);
        String buyerId = buyer.sessionId().toString();
        String fresh = GatewaySignature.sign(stackKey, ownRead, Instant.now());

        TestHttp.Reply signedRead = booking.get(ownRead.path())
                .headers(Map.of("X-Onsale-Buyer", buyerId, "X-Onsale-Signature", fresh))
                .send();
        assertThat(signedRead.status())
                .as("the control: a read the stack's key signed")
                .isEqualTo(200);

        assertUnauthorized(booking.delete(ownRead.path())
                .headers(Map.of("X-Onsale-Buyer", buyerId, "X-Onsale-Signature", fresh))
                .send());
        assertUnauthorized(booking.post(ownRead.path() + "/payments", "{\"paymentMethod\": \"tok_visa\"}")
                .headers(Map.of(
                        "X-Onsale-Buyer",
                        buyerId,
                        "X-Onsale-Signature",
                        fresh,
                        "Idempotency-Key",
                        UUID.randomUUID().toString()))
                .send());
        String late = GatewaySignature.sign(
                stackKey,
                new GatewaySignature.Claims("DELETE", ownRead.path(), buyerId, null, null, null),
                Instant.now().minusSeconds(45));
        assertUnauthorized(booking.delete(ownRead.path())
                .headers(Map.of("X-Onsale-Buyer", buyerId, "X-Onsale-Signature", late))
                .send());
        String otherKey = GatewaySignature.sign(
                new HmacSigner(UUID.randomUUID() + "-not-the-stacks-key"),
                new GatewaySignature.Claims("DELETE", ownRead.path(), buyerId, null, null, null),
                Instant.now());
        assertUnauthorized(booking.delete(ownRead.path())
                .headers(Map.of("X-Onsale-Buyer", buyerId, "X-Onsale-Signature", otherKey))
                .send());

        assertTheOrderIsUntouched();
    }

    @Test
    void everyServiceRefusesASignatureReplayedLateOrMovedToAnotherMethodOrPath() {
        String buyerId = buyer.sessionId().toString();
        Map<Service, String> pathOf = Map.of(
                Service.QUEUE, "/api/queue/" + eventId + "/status",
                Service.INVENTORY, "/api/events/" + eventId + "/holds",
                Service.BOOKING, "/api/orders/" + orderId,
                Service.PAYMENT, "/webhooks/payments");
        pathOf.forEach((service, path) -> {
            TestHttp direct = direct(service);
            Map<String, String> signedForGet = Map.of(
                    "X-Onsale-Buyer",
                    buyerId,
                    "X-Onsale-Signature",
                    GatewaySignature.sign(
                            stackKey,
                            new GatewaySignature.Claims("GET", path, buyerId, null, null, null),
                            Instant.now()));
            Map<String, String> signedLate = Map.of(
                    "X-Onsale-Buyer",
                    buyerId,
                    "X-Onsale-Signature",
                    GatewaySignature.sign(
                            stackKey,
                            new GatewaySignature.Claims("POST", path, buyerId, null, null, null),
                            Instant.now().minusSeconds(45)));
            Map<String, String> signedElsewhere = Map.of(
                    "X-Onsale-Buyer",
                    buyerId,
                    "X-Onsale-Signature",
                    GatewaySignature.sign(
                            stackKey,
                            new GatewaySignature.Claims(
                                    "POST", "/api/orders/" + UUID.randomUUID(), buyerId, null, null, null),
                            Instant.now()));
            for (TestHttp.Reply refused : List.of(
                    direct.post(path, "{}").headers(signedForGet).send(),
                    direct.post(path, "{}").headers(signedLate).send(),
                    direct.post(path, "{}").headers(signedElsewhere).send(),
                    direct.post(path, "{}").header("X-Onsale-Buyer", buyerId).send())) {
                assertThat(refused.status())
                        .as("%s %s: %s", service.module(), path, refused)
                        .isEqualTo(401);
                assertThat(refused.json().path("type").asString()).isEqualTo("/problems/unauthorized");
            }
        });
        assertThat(sale.gateway
                        .get("/api/orders/" + orderId)
                        .bearer(buyer.sessionToken())
                        .send()
                        .json()
                        .path("status")
                        .asString())
                .isEqualTo("HELD");
    }

    @Test
    void inventoryRefusesAHoldWithAForgedBuyerAndAdmissionAndTakesNothing() throws Exception {
        String before = sale.redis.get(SaleFixture.counter(eventId));
        TestHttp.Reply forged = direct(Service.INVENTORY)
                .post("/api/events/" + eventId + "/holds", "{\"quantity\": 1}")
                .headers(Map.of(
                        "X-Onsale-Buyer",
                        UUID.randomUUID().toString(),
                        "X-Onsale-Admission",
                        UUID.randomUUID().toString()))
                .send();
        assertUnauthorized(forged);
        TestHttp.Reply stripped = direct(Service.INVENTORY)
                .post("/api/events/" + eventId + "/holds", "{\"quantity\": 1}")
                .send();
        assertThat(stripped.status()).as(stripped.toString()).isEqualTo(401);
        assertThat(sale.redis.get(SaleFixture.counter(eventId))).isEqualTo(before);
        assertThat(sale.orderStatuses(eventId)).hasSize(1);
    }

    @Test
    void queueServiceRefusesAForgedJoinAndForgedAdmissionSettings() {
        SaleFixture.Buyer stranger = sale.newBuyer();
        TestHttp queue = direct(Service.QUEUE);
        assertUnauthorized(queue.post("/api/queue/" + eventId + "/join", null)
                .header("X-Onsale-Buyer", stranger.sessionId().toString())
                .send());
        assertUnauthorized(queue.put(
                        "/admin/events/" + eventId + "/admission", "{\"maxActiveBuyers\": 1, \"maxAdmitPerSecond\": 1}")
                .header("X-Onsale-Role", "admin")
                .send());

        TestHttp.Reply status = sale.gateway
                .get("/api/queue/" + eventId + "/status")
                .bearer(stranger.sessionToken())
                .send();
        assertThat(status.status())
                .as("the forged join put nobody in line: %s", status)
                .isEqualTo(404);
        assertThat(sale.redis.exists("queue:{" + eventId + "}:settings")).isFalse();
    }

    @Test
    void paymentServiceRefusesAForgedIdentityAndTheWebhookKeepsItsOwnSignature() {
        TestHttp payment = direct(Service.PAYMENT);
        assertUnauthorized(payment.post("/webhooks/payments", "{}")
                .header("X-Onsale-Role", "admin")
                .send());
        TestHttp.Reply unsigned = payment.post("/webhooks/payments", "{}").send();
        assertThat(unsigned.status())
                .as("no identity: the provider's own signature decides")
                .isEqualTo(400);
    }

    @Test
    void theDashboardIsComposedThroughTheGatewayAndEveryServicesPartAnswersOnlyTheGatewaysSignature() {
        TestHttp.Reply dashboard = sale.gateway
                .get("/admin/events/" + eventId + "/dashboard")
                .bearer(sale.stack.adminToken())
                .send();
        System.out.println("[trust] GET /admin/events/" + eventId + "/dashboard: " + dashboard.body());
        assertThat(dashboard.status()).as(dashboard.toString()).isEqualTo(200);
        assertThat(dashboard.json().path("unavailable").isEmpty())
                .as(dashboard.toString())
                .isTrue();
        assertThat(dashboard.json().path("saleState").asString()).isEqualTo("OPEN");
        assertThat(dashboard.json().path("seats").path("capacity").asLong()).isEqualTo(10);
        assertThat(dashboard.json().path("seats").path("liveHolds").asLong()).isEqualTo(1);
        assertThat(dashboard.json().path("seats").path("available").asLong()).isEqualTo(8);
        assertThat(dashboard.json().path("payments").path("queued").asLong()).isZero();
        assertThat(dashboard.json().path("queue").path("length").asLong()).isZero();
        assertThat(sale.gateway
                        .get("/admin/events/" + eventId + "/dashboard")
                        .bearer(sale.stack.auditorToken())
                        .send()
                        .status())
                .isEqualTo(403);

        String part = "/internal/events/" + eventId + "/dashboard";
        for (Service service : List.of(Service.QUEUE, Service.INVENTORY, Service.BOOKING, Service.PAYMENT)) {
            TestHttp direct = direct(service);
            assertUnauthorized(direct.get(part).header("X-Onsale-Role", "admin").send());
            String signedElsewhere = GatewaySignature.sign(
                    stackKey,
                    new GatewaySignature.Claims(
                            "GET", "/internal/events/" + UUID.randomUUID() + "/dashboard", null, "admin", null, null),
                    Instant.now());
            assertUnauthorized(direct.get(part)
                    .headers(Map.of("X-Onsale-Role", "admin", "X-Onsale-Signature", signedElsewhere))
                    .send());
            String signed = GatewaySignature.sign(
                    stackKey, new GatewaySignature.Claims("GET", part, null, "admin", null, null), Instant.now());
            TestHttp.Reply answered = direct.get(part)
                    .headers(Map.of("X-Onsale-Role", "admin", "X-Onsale-Signature", signed))
                    .send();
            assertThat(answered.status())
                    .as("%s %s: %s", service.module(), part, answered)
                    .isEqualTo(200);
        }
    }

    @Test
    void aWebhookNotSignedWithTheStacksSecretOrSignedLongAgoIs400ThroughTheGatewayAndChangesNothing() throws Exception {
        var payments = new PaymentsDriver(sale, ConcurrentHashMap.newKeySet());
        UUID eventId = payments.event("Forged", 2, 3_000);
        PaymentsDriver.Held held = payments.hold(eventId, 1);
        String body = """
                {"id":"evt_forged_%s","type":"charge.succeeded","created":%d,"data":{"id":"ch_forged","object":"charge",\
                "orderId":"%s","amountCents":3000,"currency":"EUR","paymentMethod":"tok_visa","status":"SUCCEEDED",\
                "failureCode":null,"amountRefundedCents":0,"created":%d}}""".formatted(
                        UUID.randomUUID(),
                        Instant.now().getEpochSecond(),
                        held.orderId(),
                        Instant.now().getEpochSecond());
        long now = Instant.now().getEpochSecond();
        var forged =
                payments.webhook(body, "t=" + now + ",v1=" + PaymentsDriver.hmac("not-the-secret", now + "." + body));
        var stale = payments.webhook(
                body,
                "t=" + (now - 301) + ",v1="
                        + PaymentsDriver.hmac(sale.stack.webhookSecret(), (now - 301) + "." + body));
        var unsigned = payments.webhook(body, null);
        for (TestHttp.Reply answer : List.of(forged, stale, unsigned)) {
            assertThat(answer.status()).as("webhook: %s", answer).isEqualTo(400);
            assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
        }
        assertThat(payments.orderStatus(held)).isEqualTo("HELD");
        assertThat(sale.seatsInTheDatabase(eventId, "SOLD")).isEmpty();
    }

    private static void assertTheOrderIsUntouched() throws Exception {
        TestHttp.Reply order = sale.gateway
                .get("/api/orders/" + orderId)
                .bearer(buyer.sessionToken())
                .send();
        assertThat(order.status()).isEqualTo(200);
        assertThat(order.json().path("status").asString()).isEqualTo("HELD");
        assertThat(sale.strings("SELECT count(*) FROM booking.payments WHERE order_id = ?", orderId))
                .containsExactly("0");
    }

    private static void assertUnauthorized(TestHttp.Reply response) {
        assertThat(response.status()).as(response.toString()).isEqualTo(401);
        assertThat(response.header("Content-Type")).startsWith("application/problem+json");
        assertThat(response.header("WWW-Authenticate")).isEqualTo("Bearer");
        assertThat(response.json().path("type").asString()).isEqualTo("/problems/unauthorized");
    }

    private static TestHttp direct(Service service) {
        return TestHttp.at(sale.stack.serviceUrl(service));
    }
}
