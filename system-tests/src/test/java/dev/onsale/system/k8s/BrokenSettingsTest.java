package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Breaker.broken;
import static dev.onsale.system.k8s.Cluster.CONFIG_MAP;
import static dev.onsale.system.k8s.Cluster.GATEWAY;
import static dev.onsale.system.k8s.Cluster.SANDBOX;
import static dev.onsale.system.k8s.Nodes.at;

import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule about what a container is configured with (literals, the ConfigMap, Secrets and the README that
 * creates them, upstream and provider URLs) run against a deliberately broken copy of a build, so that none of
 * them passes because it looks at nothing.
 */
class BrokenSettingsTest {

    static Stream<Arguments> brokenSettings() {
        return Stream.of(
                broken("a token as a literal", "must come from a secretKeyRef", m -> {
                    Map<String, Object> env = m.env(GATEWAY, "ONSALE_ADMIN_TOKEN");
                    env.remove("valueFrom");
                    env.put("value", "local-admin-token");
                }),
                broken(
                        "a secret-looking literal",
                        "looks like a secret",
                        m -> m.env(GATEWAY, "ONSALE_QUEUE_URL")
                                .put("value", "http://queue-service:8081?key=sk_test_local")),
                broken("a literal that belongs in the ConfigMap", "allow-list", m -> {
                    Map<String, Object> env = m.env("queue-service", "ONSALE_KAFKA_BOOTSTRAP");
                    env.remove("valueFrom");
                    env.put("value", "kafka:9092");
                }),
                broken(
                        "a variable the service does not read",
                        "does not read ONSALE_SESSIONS_KEY",
                        m -> m.env(GATEWAY, "ONSALE_SESSION_KEY").put("name", "ONSALE_SESSIONS_KEY")),
                broken(
                        "an engine the service does not use",
                        "does not use redis",
                        m -> m.addEnv(
                                "booking-service",
                                Map.of(
                                        "name",
                                        "ONSALE_REDIS_URL",
                                        "valueFrom",
                                        Map.of(
                                                "configMapKeyRef",
                                                Map.of("name", CONFIG_MAP, "key", "ONSALE_REDIS_URL"))))),
                broken(
                        "a key the ConfigMap does not have",
                        "has no key REDIS",
                        m -> at(m.env("inventory-service", "ONSALE_REDIS_URL"), "valueFrom", "configMapKeyRef")
                                .put("key", "REDIS")),
                broken(
                        "a required setting left to its local default",
                        "ONSALE_REDIS_URL is not set",
                        m -> m.removeEnv("inventory-service", "ONSALE_REDIS_URL")),
                broken(
                        "a required secret made optional",
                        "optional",
                        m -> at(m.env(GATEWAY, "ONSALE_SESSION_KEY"), "valueFrom", "secretKeyRef")
                                .put("optional", true)),
                broken(
                        "a secret from a ConfigMap",
                        "must come from a secretKeyRef",
                        m -> m.env("booking-service", "ONSALE_DB_PASSWORD")
                                .put(
                                        "valueFrom",
                                        Map.of(
                                                "configMapKeyRef",
                                                Map.of("name", CONFIG_MAP, "key", "ONSALE_DB_USER")))),
                broken(
                        "a secret the README does not tell how to create",
                        "k8s/README.md",
                        m -> at(m.env("payment-service", "ONSALE_PAYMENT_PROVIDER_KEY"), "valueFrom", "secretKeyRef")
                                .put("name", "acquirer")),
                broken(
                        "a password in the ConfigMap",
                        "looks like a secret",
                        m -> m.data().put("ONSALE_DB_PASSWORD_HINT", "password is hunter2")),
                broken(
                        "a Secret in the repository",
                        "Secrets are never",
                        m -> m.add("apiVersion: v1\nkind: Secret\nmetadata:\n  name: onsale-db\n  namespace: onsale\n"
                                + "stringData:\n  password: x\n")),
                broken(
                        "an upstream URL on the wrong port",
                        "ONSALE_BOOKING_URL",
                        m -> m.env(GATEWAY, "ONSALE_BOOKING_URL").put("value", "http://booking-service:8080")),
                broken(
                        "the webhook URL past the gateway",
                        "ONSALE_SANDBOX_WEBHOOK_URL",
                        m -> m.env(SANDBOX, "ONSALE_SANDBOX_WEBHOOK_URL")
                                .put("value", "http://payment-service:8084/webhooks/payments")),
                broken(
                        "staging charging a real provider",
                        "payment-sandbox",
                        m -> m.data().put("ONSALE_PAYMENT_PROVIDER_URL", "https://api.acquirer.example")),
                broken("README without a secret", "k8s/README.md", m -> m.forgetSecret("onsale-operator-tokens")),
                broken(
                        "production charging through the sandbox",
                        Profile.PRODUCTION,
                        "https",
                        m -> m.data().put("ONSALE_PAYMENT_PROVIDER_URL", "http://payment-sandbox:8090")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenSettings")
    void everySettingsRuleCatchesABrokenSetting(
            String what, Profile profile, Consumer<Breaker> breakIt, String expected) {
        Breaker.assertCaught(what, profile, breakIt, expected);
    }
}
