package dev.onsale.gateway.halt;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the gateway answers buyers of a halted sale.
 *
 * @param retryAfter the Retry-After of 503 sale-halted: a halt is an operator's decision, not a blip
 */
@ConfigurationProperties("onsale.sale-halt")
public record SaleHaltProperties(@DefaultValue("30s") Duration retryAfter) {}
