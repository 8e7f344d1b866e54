package dev.onsale.gateway.body;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Request bodies the gateway accepts.
 *
 * @param maxSize largest request body, declared or streamed; larger ones get 413
 */
@ConfigurationProperties("onsale.body")
public record BodyLimitProperties(@DefaultValue("64KB") DataSize maxSize) {}
