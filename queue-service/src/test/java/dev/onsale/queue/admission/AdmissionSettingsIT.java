package dev.onsale.queue.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.events.SaleState;
import dev.onsale.queue.QueueHttp;
import dev.onsale.queue.QueueHttp.Answer;
import dev.onsale.queue.QueueServiceTest;
import dev.onsale.queue.TestCatalog;
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

    private QueueHttp http;
    private TestCatalog catalog;

    @BeforeEach
    void setUp() {
        http = new QueueHttp(port);
        catalog = new TestCatalog(kafka, jedis);
    }

    @Test
    void anOperatorTunesAdmissionAndGetsTheEffectiveSettings() {
        UUID eventId = catalog.open(100);

        Answer put = http.putAdmission(eventId, "{\"maxActiveBuyers\": 500, \"maxAdmitPerSecond\": 150}");

        assertThat(put.status()).isEqualTo(200);
        assertThat(put.text("eventId")).isEqualTo(eventId.toString());
        assertThat(put.number("maxActiveBuyers")).isEqualTo(500);
        assertThat(put.number("maxAdmitPerSecond")).isEqualTo(150);
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
    void theDefaultsAreTwiceTheSeatsAtLeastFifty() {
        UUID eventId = catalog.open(10);
        IntStream.range(0, 60).forEach(i -> http.join(eventId, UUID.randomUUID()));

        assertThat(pump.pump(eventId).admitted()).hasSize(50);
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
        Answer put = http.putAdmission(UUID.randomUUID(), body);

        assertThat(put.status()).isEqualTo(400);
        assertThat(put.text("type")).isEqualTo("/problems/invalid-request");
        assertThat(put.body().path("errors").findValuesAsString("field")).contains(field);
    }

    @Test
    void onlyAnAdminMayTuneAdmission() {
        Answer put = http.send(
                "PUT",
                "/admin/events/" + UUID.randomUUID() + "/admission",
                IdentityHeaders.ROLE_AUDITOR,
                null,
                "{\"maxActiveBuyers\": 10, \"maxAdmitPerSecond\": 10}");

        assertThat(put.status()).isEqualTo(403);
    }
}
