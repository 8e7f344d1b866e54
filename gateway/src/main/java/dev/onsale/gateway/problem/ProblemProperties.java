package dev.onsale.gateway.problem;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the gateway answers errors of its own making.
 *
 * @param unavailableRetryAfter Retry-After sent with 503 service-unavailable
 */
@ConfigurationProperties("onsale.problems")
public record ProblemProperties(@DefaultValue("1s") Duration unavailableRetryAfter) {}
