package dev.onsale.sandbox.api;

import dev.onsale.sandbox.settings.SandboxSettings;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.springframework.stereotype.Component;

/**
 * What can go wrong with one request, drawn once per request from the seeded Random: a log-normal latency,
 * a 500 with nothing created, or a hang past the client's timeout after the work was done.
 * Request threads are virtual, so the waits cost no platform thread.
 */
@Component
public class Faults {

    private final SandboxSettings settings;
    private final Counter timeouts;
    private final Counter serverErrors;

    Faults(SandboxSettings settings, MeterRegistry meters) {
        this.settings = settings;
        this.timeouts = Counter.builder("sandbox.timeouts")
                .description("Requests made to hang past the client's timeout")
                .register(meters);
        this.serverErrors = Counter.builder("sandbox.server.errors")
                .description("Requests answered 500, nothing created")
                .register(meters);
    }

    /** The fate of one request, decided before any work so a 500 never leaves anything behind. */
    public Fate draw() {
        var s = settings.current();
        var latency = new LatencyDistribution(s.latencyP50Ms(), s.latencyP99Ms()).sample(settings.random());
        if (settings.chance(s.serverErrorShare())) return new Fate(latency, true, Duration.ZERO);
        var hang = settings.chance(s.timeoutShare()) ? Duration.ofMillis(s.timeoutHangMs()) : Duration.ZERO;
        return new Fate(latency, false, hang);
    }

    /** Waits the latency; throws the 500 if that is the fate. Call before doing the work. */
    public void before(Fate fate) {
        pause(fate.latency());
        if (fate.serverError()) {
            serverErrors.increment();
            throw ApiException.serverError();
        }
    }

    /** Hangs if the fate is a timeout. Call after the work is done and before answering. */
    public void after(Fate fate) {
        if (!fate.hang().isZero()) {
            timeouts.increment();
            pause(fate.hang());
        }
    }

    private static void pause(Duration duration) {
        if (duration.isZero()) return;
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public record Fate(Duration latency, boolean serverError, Duration hang) {}
}
