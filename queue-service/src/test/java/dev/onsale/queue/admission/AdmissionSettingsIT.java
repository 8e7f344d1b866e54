package dev.onsale.queue.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.events.SaleState;
import dev.onsale.queue.QueueCalls;
import dev.onsale.queue.QueueKeys;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.TestCatalog;
import dev.onsale.testing.TestHttp.Reply;
import java.time.Instant;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.core.KafkaTemplate;
import redis.clients.jedis.JedisPooled;

@QueueServiceTest
class AdmissionSettingsIT {

    @LocalServerPort
    int port;

    @Autowired
    KafkaTemplate<String, String> kafka;

    @Autowired
    JedisPooled jedis;

    @Autowired
    AdmissionPump pump;

    private QueueCalls http;
    private TestCatalog catalog;

    @BeforeEach
    void setUp() {
        http = new QueueCalls(port);
        catalog = new TestCatalog(kafka, jedis);
    }

    @Test
    void anOperatorTunesAdmissionAndGetsTheEffectiveSettings() {
        UUID eventId = catalog.open(100);

        Reply put = http.putAdmission(eventId, "{\"maxActiveBuyers\": 500, \"maxAdmitPerSecond\": 150}");

        assertThat(put.status()).isEqualTo(200);
        assertThat(put.json().path("eventId").asString()).isEqualTo(eventId.toString());
        assertThat(put.json().path("maxActiveBuyers").asLong()).isEqualTo(500);
        assertThat(put.json().path("maxAdmitPerSecond").asLong()).isEqualTo(150);
    }

    @Test
    void settingsForAnEventNotYetHeardOfApplyWhenItArrives() {
        UUID eventId = UUID.randomUUID();
        assertThat(http.putAdmission(eventId, "{\"maxActiveBuyers\": 3, \"maxAdmitPerSecond\": 1000}")
                        .status())
                .isEqualTo(200);
        catalog.createdWithId(eventId, 100, Instant.now().plusSeconds(3600), SaleState.SCHEDULED);
        IntStream.range(0, 10).forEach(i -> http.join(eventId, UUID.randomUUID()));
        catalog.openSale(eventId);

        assertThat(pump.pump(eventId).admitted()).hasSize(3);
    }

    @Test
    void theDefaultsAreTwiceTheSeatsAtLeastFiftyAndNoMoreThanTheFreeSeatsUnclaimed() {
        UUID eventId = catalog.open(10);
        IntStream.range(0, 60).forEach(i -> http.join(eventId, UUID.randomUUID()));

        assertThat(pump.pump(eventId).admitted()).as("10 free seats").hasSize(10);
        assertThat(pump.pump(eventId).outcome()).isEqualTo(PumpStroke.Outcome.CLAIMED);

        // were the counter to say 100 seats are free, the default cap would still be 50 active buyers
        jedis.hset(QueueKeys.availability(eventId), "available", "100");
        assertThat(pump.pump(eventId).admitted()).hasSize(40);
        assertThat(pump.pump(eventId).outcome()).isEqualTo(PumpStroke.Outcome.FULL);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"maxAdmitPerSecond\": 10}                                  | maxActiveBuyers",
                "{\"maxActiveBuyers\": 10}                                    | maxAdmitPerSecond",
                "{\"maxActiveBuyers\": 0, \"maxAdmitPerSecond\": 10}          | maxActiveBuyers",
                "{\"maxActiveBuyers\": -5, \"maxAdmitPerSecond\": 10}         | maxActiveBuyers",
                "{\"maxActiveBuyers\": 10, \"maxAdmitPerSecond\": 0}          | maxAdmitPerSecond",
                "{\"maxActiveBuyers\": 10000000, \"maxAdmitPerSecond\": 10}   | maxActiveBuyers",
                "{\"maxActiveBuyers\": 10, \"maxAdmitPerSecond\": 1000000}    | maxAdmitPerSecond",
                "{\"maxActiveBuyers\": \"10\", \"maxAdmitPerSecond\": 10}     | maxActiveBuyers",
                "{\"maxActiveBuyers\": 10, \"maxAdmitPerSecond\": 1.5}        | maxAdmitPerSecond",
                "{\"maxActiveBuyers\": null, \"maxAdmitPerSecond\": 10}       | maxActiveBuyers",
                "{\"maxActiveBuyers\": 10, \"maxAdmitPerSecond\": 10, \"x\": 1} | x"
            })
    void invalidSettingsAreRefusedNamingTheField(String body, String field) {
        Reply put = http.putAdmission(UUID.randomUUID(), body);

        assertThat(put.status()).isEqualTo(400);
        assertThat(put.json().path("type").asString()).isEqualTo("/problems/invalid-request");
        assertThat(put.json().path("errors").findValuesAsString("field")).contains(field);
    }

    @Test
    void onlyAnAdminMayTuneAdmission() {
        Reply put = http.http()
                .put(
                        "/admin/events/" + UUID.randomUUID() + "/admission",
                        "{\"maxActiveBuyers\": 10, \"maxAdmitPerSecond\": 10}")
                .role(IdentityHeaders.ROLE_AUDITOR)
                .send();

        assertThat(put.status()).isEqualTo(403);
    }
}
