package dev.onsale.system.k8s;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/** An engine a service may use, with the environment variables that only matter to a service using it. */
enum Engine {
    KAFKA("ONSALE_KAFKA_BOOTSTRAP", Set.of("ONSALE_KAFKA_BOOTSTRAP")),
    POSTGRES("ONSALE_DB_URL", Set.of("ONSALE_DB_URL", "ONSALE_DB_USER", "ONSALE_DB_PASSWORD")),
    REDIS("ONSALE_REDIS_URL", Set.of("ONSALE_REDIS_URL"));

    /** The variable holding the engine's endpoint. */
    final String endpoint;
    /** Every variable that only matters to a service using the engine. */
    final Set<String> variables;

    Engine(String endpoint, Set<String> variables) {
        this.endpoint = endpoint;
        this.variables = variables;
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Optional<Engine> of(String variable) {
        return Stream.of(values()).filter(e -> e.variables.contains(variable)).findFirst();
    }
}
