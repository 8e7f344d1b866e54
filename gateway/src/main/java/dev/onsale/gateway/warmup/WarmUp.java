package dev.onsale.gateway.warmup;

import dev.onsale.common.token.AdmissionTokenCodec;
import dev.onsale.common.token.SessionTokenCodec;
import dev.onsale.gateway.ratelimit.RateLimitProperties;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * Runs the synthetic buyers ({@link SyntheticBuyer}) against this gateway's own port before it reports ready.
 * Spring Boot turns readiness to ACCEPTING_TRAFFIC only once every ApplicationRunner has returned, so neither
 * Kubernetes nor the launcher sends a buyer to a gateway that is still warming up; liveness is not held back.
 *
 * <p>The warm-up never fails the start: services that are not up yet answer 503 through the gateway (which
 * warms that path instead), and it ends at {@code onsale.warm-up.max-duration} whatever is left. It uses at
 * most {@code address-share} of the per-address rate, so the bucket it shares with other loopback callers
 * refills within a second of the end.
 */
@Component
class WarmUp implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(WarmUp.class);

    private final WarmUpProperties properties;
    private final RateLimitProperties limits;
    private final SessionTokenCodec sessions;
    private final AdmissionTokenCodec admissions;
    private final Environment environment;
    private final Clock clock;

    WarmUp(
            WarmUpProperties properties,
            RateLimitProperties limits,
            SessionTokenCodec sessions,
            AdmissionTokenCodec admissions,
            Environment environment,
            Clock clock) {
        this.properties = properties;
        this.limits = limits;
        this.sessions = sessions;
        this.admissions = admissions;
        this.environment = environment;
        this.clock = clock;
    }

    @Override
    public void run(ApplicationArguments args) throws Exception {
        Integer port = environment.getProperty("local.server.port", Integer.class);
        if (properties.buyers() == 0 || port == null || port <= 0) {
            return;
        }
        URI base = URI.create("http://" + hostOf(environment.getProperty("server.address")) + ":" + port);
        long started = System.nanoTime();
        long deadline = started + properties.maxDuration().toNanos();
        Pace pace = new Pace(limits.addressPerSecond() * properties.addressShare());
        AtomicInteger left = new AtomicInteger(properties.buyers());
        AtomicInteger walked = new AtomicInteger();
        try (HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .build();
                ExecutorService walkers = Executors.newVirtualThreadPerTaskExecutor()) {
            SyntheticBuyer buyer = new SyntheticBuyer(
                    client, base, UUID.randomUUID(), sessions, admissions, clock, properties.requestTimeout(), pace);
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < properties.concurrency(); i++) {
                running.add(walkers.submit(() -> {
                    while (System.nanoTime() < deadline && left.getAndDecrement() > 0) {
                        if (buyer.walk()) {
                            walked.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            boolean complete = awaitAll(running, deadline);
            log.info(
                    "warm-up: {} synthetic buyers of {} walked in {} ms{}; answers {}, {} without an answer",
                    walked.get(),
                    properties.buyers(),
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started),
                    complete ? "" : " (stopped at onsale.warm-up.max-duration)",
                    buyer.answersByStatus(),
                    buyer.failures());
        }
    }

    /** Waits for every walker until the deadline; past it, interrupts them. */
    private static boolean awaitAll(List<Future<?>> running, long deadline) throws InterruptedException {
        boolean complete = true;
        for (Future<?> walker : running) {
            try {
                walker.get(
                        Math.max(0, deadline - System.nanoTime()) + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                complete = false;
                walker.cancel(true);
            } catch (ExecutionException e) {
                log.warn("warm-up walker stopped: {}", e.getCause().toString());
            }
        }
        return complete;
    }

    /** Where to reach this gateway: its bind address, or loopback when it listens on every interface. */
    static String hostOf(String serverAddress) throws UnknownHostException {
        if (serverAddress == null || serverAddress.isBlank()) {
            return "127.0.0.1";
        }
        InetAddress address = InetAddress.getByName(serverAddress);
        if (address.isAnyLocalAddress()) {
            return "127.0.0.1";
        }
        String host = address.getHostAddress();
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
