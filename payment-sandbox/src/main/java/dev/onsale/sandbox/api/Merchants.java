package dev.onsale.sandbox.api;

import dev.onsale.sandbox.settings.SandboxProperties;
import java.util.Set;
import org.springframework.stereotype.Component;

/** The merchant behind a request is its bearer key; unknown or missing keys are 401. */
@Component
public class Merchants {

    private static final String BEARER = "Bearer ";

    private final Set<String> keys;

    Merchants(SandboxProperties properties) {
        this.keys = Set.copyOf(properties.merchantKeys());
    }

    public String authenticate(String authorization) {
        if (authorization == null || !authorization.startsWith(BEARER)) throw ApiException.unauthenticated();
        var key = authorization.substring(BEARER.length()).trim();
        if (!keys.contains(key)) throw ApiException.unauthenticated();
        return key;
    }
}
