package dev.onsale.gateway.apidocs;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The merged OpenAPI document the gateway serves at {@code /api/docs/openapi.json}.
 *
 * @param maxAge            how long a document with every service's part is served before the parts are read again
 * @param retryMissingAfter how soon a document that misses a part (a service did not answer) is merged again
 * @param partTimeout       longest wait for one service's part; a part not answered by then is marked missing
 */
@ConfigurationProperties("onsale.api-docs")
record ApiDocsProperties(
        @DefaultValue("5m") Duration maxAge,
        @DefaultValue("10s") Duration retryMissingAfter,
        @DefaultValue("2s") Duration partTimeout) {

    ApiDocsProperties {
        for (Duration duration : new Duration[] {maxAge, retryMissingAfter, partTimeout}) {
            if (duration == null || duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException("onsale.api-docs durations must be positive");
            }
        }
    }
}
