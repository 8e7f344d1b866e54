package dev.onsale.gateway.admission;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Admission tokens issued by queue-service and checked here on hold creation; both share the keys.
 *
 * @param key          HMAC key verifying admission tokens, at least 32 bytes (ONSALE_ADMISSION_KEY)
 * @param previousKeys keys that still verify tokens during a rotation (ONSALE_ADMISSION_PREVIOUS_KEYS, comma-separated)
 */
@ConfigurationProperties("onsale.admission")
public record AdmissionProperties(String key, @DefaultValue List<String> previousKeys) {}
