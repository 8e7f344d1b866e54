package dev.onsale.sandbox.settings.web;

import dev.onsale.sandbox.api.ApiException;
import dev.onsale.sandbox.api.IdempotencyKeys;
import dev.onsale.sandbox.api.RateLimiter;
import dev.onsale.sandbox.api.Traffic;
import dev.onsale.sandbox.charge.Ledger;
import dev.onsale.sandbox.settings.SandboxSettings;
import dev.onsale.sandbox.settings.Settings;
import dev.onsale.sandbox.webhook.WebhookDispatcher;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The test harness's control plane (no merchant key: it is not part of the acquirer's API).
 * PUT takes any subset of the fields; the result must be valid as a whole or nothing changes.
 */
@RestController
class SettingsController {

    private final SandboxSettings settings;
    private final Ledger ledger;
    private final WebhookDispatcher webhooks;
    private final IdempotencyKeys keys;
    private final RateLimiter rateLimiter;
    private final Traffic traffic;

    SettingsController(
            SandboxSettings settings,
            Ledger ledger,
            WebhookDispatcher webhooks,
            IdempotencyKeys keys,
            RateLimiter rateLimiter,
            Traffic traffic) {
        this.settings = settings;
        this.ledger = ledger;
        this.webhooks = webhooks;
        this.keys = keys;
        this.rateLimiter = rateLimiter;
        this.traffic = traffic;
    }

    @GetMapping("/v1/sandbox/settings")
    Settings get() {
        return settings.current();
    }

    @PutMapping("/v1/sandbox/settings")
    synchronized Settings put(@RequestBody Map<String, Object> changes) {
        var components = Settings.class.getRecordComponents();
        var known = new LinkedHashMap<String, RecordComponent>();
        for (var component : components) known.put(component.getName(), component);
        for (var field : changes.keySet()) {
            if (!known.containsKey(field)) throw invalid(field, "unknown setting");
        }
        var current = settings.current();
        var args = new Object[components.length];
        var types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            var component = components[i];
            types[i] = component.getType();
            args[i] = changes.containsKey(component.getName())
                    ? coerce(component.getName(), component.getType(), changes.get(component.getName()))
                    : read(component, current);
        }
        Settings next;
        try {
            next = Settings.class.getDeclaredConstructor(types).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        var violations = next.violations();
        if (!violations.isEmpty()) {
            var first = violations.entrySet().iterator().next();
            throw invalid(first.getKey(), first.getValue());
        }
        settings.replace(next);
        return next;
    }

    /** Clears charges, refunds, idempotency keys, TPS buckets, traffic counts and pending webhooks; restores start settings and seed. */
    @PostMapping("/v1/sandbox/reset")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    synchronized void reset() {
        webhooks.reset();
        ledger.reset();
        keys.reset();
        rateLimiter.reset();
        traffic.reset();
        settings.reset();
    }

    private static Object coerce(String field, Class<?> type, Object value) {
        if (type == String.class && value instanceof String s) return s;
        if (type == int.class && isIntegral(value) && ((Number) value).longValue() == ((Number) value).intValue()) {
            return ((Number) value).intValue();
        }
        if (type == long.class && isIntegral(value)) return ((Number) value).longValue();
        if (type == double.class && value instanceof Number n) return n.doubleValue();
        throw invalid(
                field,
                "must be " + (type == String.class ? "a string" : type == double.class ? "a number" : "an integer"));
    }

    private static boolean isIntegral(Object value) {
        return value instanceof Integer || value instanceof Long || value instanceof Short;
    }

    private static Object read(RecordComponent component, Settings current) {
        try {
            return component.getAccessor().invoke(current);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ApiException invalid(String field, String message) {
        return ApiException.invalidRequest(field + ": " + message).withParam(field);
    }
}
