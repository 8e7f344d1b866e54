package dev.onsale.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** How a service's setting binds, with Spring's own binder, as at the gateway's start. */
class UpstreamPropertiesTest {

    private final ApplicationContextRunner gateway = new ApplicationContextRunner()
            .withUserConfiguration(Binding.class)
            .withPropertyValues(
                    "onsale.upstream.inventory=http://127.0.0.1:8082",
                    "onsale.upstream.booking=http://127.0.0.1:8083",
                    "onsale.upstream.payment=http://127.0.0.1:8084");

    @EnableConfigurationProperties(UpstreamProperties.class)
    static class Binding {}

    @Test
    void oneUrlIsOneReplicaAsBefore() {
        gateway.withPropertyValues("onsale.upstream.queue=http://127.0.0.1:8081")
                .run(context -> {
                    UpstreamProperties upstream = context.getBean(UpstreamProperties.class);
                    assertThat(upstream.queue()).containsExactly(URI.create("http://127.0.0.1:8081"));
                    assertThat(upstream.replicaRest()).hasSeconds(2);
                });
    }

    @Test
    void aCommaSeparatedListIsTheServicesReplicasInItsOrder() {
        gateway.withPropertyValues("onsale.upstream.queue=http://127.0.0.1:8081, http://127.0.0.1:40123")
                .run(context -> assertThat(
                                context.getBean(UpstreamProperties.class).queue())
                        .containsExactly(URI.create("http://127.0.0.1:8081"), URI.create("http://127.0.0.1:40123")));
    }

    @ParameterizedTest(name = "onsale.upstream.queue=\"{0}\"")
    @ValueSource(
            strings = {
                "",
                "queue-service:8081",
                "http://127.0.0.1:8081,,http://127.0.0.1:40123",
                "http://127.0.0.1:8081,127.0.0.1:40123",
                "http://127.0.0.1:8081/api",
                "http://127.0.0.1:8081?key=x",
                "ftp://127.0.0.1:8081",
                "http://[::1"
            })
    void aValueThatIsNotBaseUrlsFailsTheStartNamingTheSetting(String value) {
        gateway.withPropertyValues("onsale.upstream.queue=" + value).run(context -> {
            assertThat(context).hasFailed();
            assertThat(messages(context.getStartupFailure())).anyMatch(m -> m.contains("onsale.upstream.queue"));
        });
    }

    private static List<String> messages(Throwable failure) {
        List<String> messages = new ArrayList<>();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            messages.add(String.valueOf(cause.getMessage()));
        }
        return messages;
    }
}
