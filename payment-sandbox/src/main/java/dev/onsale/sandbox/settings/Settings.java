package dev.onsale.sandbox.settings;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/** The sandbox's runtime behaviour, as shown and accepted by {@code GET/PUT /v1/sandbox/settings}. Immutable. */
public record Settings(
        int tps,
        long latencyP50Ms,
        long latencyP99Ms,
        double timeoutShare,
        long timeoutHangMs,
        double serverErrorShare,
        long decisionDelayMs,
        String webhookUrl,
        double webhookLossShare,
        double webhookDuplicateShare,
        long webhookReorderDelayMs,
        int webhookMaxAttempts,
        long webhookInitialBackoffMs,
        long webhookMaxBackoffMs) {

    /** Field name -> message for every rule this value breaks; empty when valid. */
    public Map<String, String> violations() {
        var errors = new LinkedHashMap<String, String>();
        if (tps < 1 || tps > 100_000) errors.put("tps", "must be between 1 and 100000");
        if (latencyP50Ms < 0) errors.put("latencyP50Ms", "must be >= 0");
        if (latencyP99Ms < latencyP50Ms) errors.put("latencyP99Ms", "must be >= latencyP50Ms");
        if (latencyP50Ms == 0 && latencyP99Ms != 0) errors.put("latencyP50Ms", "must be > 0 when latencyP99Ms > 0");
        share(errors, "timeoutShare", timeoutShare);
        if (timeoutHangMs < 0) errors.put("timeoutHangMs", "must be >= 0");
        share(errors, "serverErrorShare", serverErrorShare);
        if (decisionDelayMs < 0) errors.put("decisionDelayMs", "must be >= 0");
        if (!isHttpUrl(webhookUrl)) errors.put("webhookUrl", "must be an absolute http(s) URL");
        share(errors, "webhookLossShare", webhookLossShare);
        share(errors, "webhookDuplicateShare", webhookDuplicateShare);
        if (webhookReorderDelayMs < 0) errors.put("webhookReorderDelayMs", "must be >= 0");
        if (webhookMaxAttempts < 1 || webhookMaxAttempts > 100)
            errors.put("webhookMaxAttempts", "must be between 1 and 100");
        if (webhookInitialBackoffMs < 0) errors.put("webhookInitialBackoffMs", "must be >= 0");
        if (webhookMaxBackoffMs < webhookInitialBackoffMs)
            errors.put("webhookMaxBackoffMs", "must be >= webhookInitialBackoffMs");
        return errors;
    }

    private static void share(Map<String, String> errors, String field, double value) {
        if (!(value >= 0.0 && value <= 1.0)) errors.put(field, "must be between 0 and 1");
    }

    private static boolean isHttpUrl(String url) {
        if (url == null) return false;
        try {
            var uri = URI.create(url);
            return uri.isAbsolute()
                    && ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))
                    && uri.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
