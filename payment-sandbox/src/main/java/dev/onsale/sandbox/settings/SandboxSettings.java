package dev.onsale.sandbox.settings;

import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Component;

/**
 * The current settings and the sandbox's single source of randomness. Readers take one snapshot per decision,
 * so a concurrent PUT never mixes old and new values within one request.
 */
@Component
public class SandboxSettings {

    private final SandboxProperties properties;
    private final AtomicReference<Settings> current;
    private final AtomicReference<Random> random;

    SandboxSettings(SandboxProperties properties) {
        this.properties = properties;
        this.current = new AtomicReference<>(properties.initialSettings());
        this.random = new AtomicReference<>(newRandom());
    }

    public Settings current() {
        return current.get();
    }

    public void replace(Settings settings) {
        current.set(settings);
    }

    /** Back to the start-time settings and a freshly seeded Random. */
    public void reset() {
        current.set(properties.initialSettings());
        random.set(newRandom());
    }

    /** True with the given probability; 0 never, 1 always. */
    public boolean chance(double share) {
        if (share <= 0.0) return false;
        if (share >= 1.0) return true;
        return random.get().nextDouble() < share;
    }

    public Random random() {
        return random.get();
    }

    /** An id like {@code ch_3f9a...}: prefix plus 24 hex digits from the seeded Random. */
    public String newId(String prefix) {
        var r = random.get();
        return prefix + "_" + String.format("%016x%08x", r.nextLong(), r.nextInt());
    }

    public SandboxProperties properties() {
        return properties;
    }

    private Random newRandom() {
        return properties.seed() == null ? new Random() : new Random(properties.seed());
    }
}
