package dev.onsale.platform.streamrelay;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs {@link StreamRelay#relayOnce()} in a loop on one thread while the application runs: rounds
 * follow each other at once while there is work, and {@code block} apart when there is none.
 * Stopping finishes the current round (sends in flight are awaited, not abandoned) and releases
 * the leases.
 */
final class StreamRelayRunner implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(StreamRelayRunner.class);

    private final StreamRelay relay;
    private final StreamRelayProperties properties;
    private final Object wakeUp = new Object();
    private final AtomicInteger consecutiveFailures = new AtomicInteger();
    private volatile boolean running;
    private volatile Instant lastRound;
    private Thread thread;

    StreamRelayRunner(StreamRelay relay, StreamRelayProperties properties) {
        this.relay = relay;
        this.properties = properties;
    }

    @Override
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        thread = Thread.ofPlatform().name("stream-relay").daemon().start(this::loop);
        log.info("stream relay started as {} in group {}", relay.consumer(), properties.group());
    }

    @Override
    public synchronized void stop() {
        if (!running) {
            return;
        }
        running = false;
        synchronized (wakeUp) {
            wakeUp.notifyAll();
        }
        try {
            thread.join(properties
                    .sendTimeout()
                    .plus(properties.errorBackoff())
                    .plusSeconds(5)
                    .toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            relay.releaseLeases();
        } catch (RuntimeException e) {
            log.warn("stream relay could not release its leases; they expire by themselves: {}", e.getMessage());
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** Stops after the Kafka listeners (which append), before the Redis pool and Kafka producer close. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1024;
    }

    boolean loopAlive() {
        return running && thread != null && thread.isAlive();
    }

    int consecutiveFailures() {
        return consecutiveFailures.get();
    }

    Instant lastRound() {
        return lastRound;
    }

    private void loop() {
        while (running) {
            Duration pause;
            try {
                int relayed = relay.relayOnce();
                consecutiveFailures.set(0);
                lastRound = Instant.now();
                pause = relayed > 0 ? Duration.ZERO : properties.block();
            } catch (RuntimeException e) {
                if (consecutiveFailures.incrementAndGet() == 1) {
                    log.warn(
                            "stream relay round failed; retrying every {}: {}",
                            properties.errorBackoff(),
                            e.toString());
                }
                pause = properties.errorBackoff();
            }
            pause(pause);
        }
    }

    private void pause(Duration pause) {
        if (pause.isZero() || !running) {
            return;
        }
        synchronized (wakeUp) {
            try {
                wakeUp.wait(pause.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = false;
            }
        }
    }
}
