package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.GATEWAY;
import static dev.onsale.system.k8s.Cluster.SANDBOX;
import static dev.onsale.system.k8s.Repository.facts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.launcher.Service;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** What the rules know about each service, read from the repository: the variables it reads, engines, ports. */
class ServiceFactsTest {

    @Test
    void theRulesKnowWhatEachServiceReads() {
        Map<String, ServiceFacts> facts = facts();
        assertThat(facts.keySet())
                .containsExactlyInAnyOrder(
                        Stream.of(Service.values()).map(Service::module).toArray(String[]::new));
        assertThat(facts.get(GATEWAY).placeholders())
                .containsKeys("ONSALE_SESSION_KEY", "ONSALE_QUEUE_URL", "ONSALE_REDIS_URL");
        assertThat(facts.get(GATEWAY).placeholders()).doesNotContainKey("ONSALE_DB_URL");
        assertThat(facts.get("booking-service").engines()).containsExactlyInAnyOrder(Engine.KAFKA, Engine.POSTGRES);
        assertThat(facts.get("payment-service").required())
                .contains(
                        "ONSALE_PAYMENT_PROVIDER_KEY",
                        "ONSALE_DB_PASSWORD",
                        "ONSALE_PAYMENT_WEBHOOK_SECRET",
                        "ONSALE_REDIS_URL")
                .doesNotContain("ONSALE_PAYMENT_WEBHOOK_PREVIOUS_SECRETS");
        assertThat(facts.get(SANDBOX).configuredPort()).isEqualTo(8090);
        assertThat(facts.get("booking-service").shutdownPhase()).isEqualTo(Duration.ofSeconds(20));
    }
}
