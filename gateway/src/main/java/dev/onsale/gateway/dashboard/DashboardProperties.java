package dev.onsale.gateway.dashboard;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The operators' dashboard the gateway composes.
 *
 * @param partTimeout longest wait for one service's part; a part not answered by then is listed as unavailable
 *                    and the rest is answered (all parts are asked at once, so the dashboard takes about this long
 *                    at worst)
 */
@ConfigurationProperties("onsale.dashboard")
public record DashboardProperties(@DefaultValue("2s") Duration partTimeout) {

    public DashboardProperties {
        if (partTimeout == null || partTimeout.isNegative() || partTimeout.isZero()) {
            throw new IllegalArgumentException("onsale.dashboard.part-timeout must be positive");
        }
    }
}
