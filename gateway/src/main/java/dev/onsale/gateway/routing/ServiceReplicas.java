package dev.onsale.gateway.routing;

import io.micrometer.core.instrument.Counter;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * One service's replicas as the gateway reaches them, and which one a call goes to: round robin, passing over a
 * replica that failed to connect until its rest is over, then trying it again. That is passive health: nothing is
 * probed, a failed connection is the only news, and the next call after the rest is the probe. When every replica
 * rests one is chosen anyway: the gateway never refuses a call on its own guess, the connection decides.
 *
 * <p>Only a failure to connect (refused, or not made within the connect timeout) rests a replica: nothing reached it,
 * so the call can go to another one ({@link #call}) whatever its method. A timeout or a connection closed after the
 * request went says nothing this class acts on: the replica may have done the work.
 *
 * <p>Concurrency: every forwarded request and the gateway's own reads call {@link #next()} on their event loops, so
 * it takes no lock and allocates nothing: one shared turn and one rest deadline per replica ({@link System#nanoTime()}
 * scale), both atomics. Callers may briefly disagree on a rest that is starting or ending; that costs at most one more
 * failed connection, which {@link #call} and {@link ReplicaChoiceFilter} send to another replica. With one replica
 * (one URL, as in Kubernetes, where a Service balances) {@link #next()} is a field read and {@link #call} adds nothing.
 */
public final class ServiceReplicas {

    private static final Logger log = LoggerFactory.getLogger(ServiceReplicas.class);

    /** One replica: its place in the list and its base URI (scheme, host and port, no path). */
    record Replica(int index, URI uri) {}

    private final String service;
    private final Replica[] replicas;
    private final AtomicLongArray restsUntil;
    private final AtomicInteger turn = new AtomicInteger();
    private final long restNanos;
    private final LongSupplier nanoClock;
    private final Counter rests;

    /**
     * @param service   the service's name, as logs and metrics say it ({@code queue-service})
     * @param uris      its replicas' base URIs, at least one
     * @param rest      how long a replica that failed to connect is passed over
     * @param nanoClock the time in {@link System#nanoTime()}'s scale
     * @param rests     counts the rests begun
     */
    ServiceReplicas(String service, List<URI> uris, Duration rest, LongSupplier nanoClock, Counter rests) {
        if (uris.isEmpty()) {
            throw new IllegalArgumentException(service + " needs at least one replica");
        }
        this.service = service;
        this.replicas = new Replica[uris.size()];
        for (int i = 0; i < replicas.length; i++) {
            URI uri = uris.get(i);
            replicas[i] = new Replica(i, URI.create(uri.getScheme() + "://" + uri.getRawAuthority()));
        }
        this.restNanos = rest.toNanos();
        this.nanoClock = nanoClock;
        this.rests = rests;
        // every rest over already: a deadline is compared as (until - now), so nanoTime's sign does not matter
        long now = nanoClock.getAsLong();
        this.restsUntil = new AtomicLongArray(replicas.length);
        for (int i = 0; i < replicas.length; i++) {
            restsUntil.set(i, now);
        }
    }

    public String service() {
        return service;
    }

    public int size() {
        return replicas.length;
    }

    /** The first replica's base URI: a route's own, the one its requests go to while there is no other. */
    public URI first() {
        return replicas[0].uri();
    }

    /** The replica the next call goes to: the next in turn that is not resting, or the next in turn if all rest. */
    Replica next() {
        if (replicas.length == 1) {
            return replicas[0];
        }
        int first = turn.getAndIncrement();
        long now = nanoClock.getAsLong();
        for (int i = 0; i < replicas.length; i++) {
            int index = Math.floorMod(first + i, replicas.length);
            if (restsUntil.get(index) - now <= 0) {
                return replicas[index];
            }
        }
        return replicas[Math.floorMod(first, replicas.length)];
    }

    /**
     * Notes that a call to {@code replica} failed with {@code error}: a failure to connect passes the replica over for
     * the rest time from now; any other failure says nothing about it. A rest under way is not lengthened by the
     * failures of calls that were already on their way when it began.
     */
    void failed(Replica replica, Throwable error) {
        if (replicas.length == 1 || !failedToConnect(error)) {
            return;
        }
        long now = nanoClock.getAsLong();
        long until = restsUntil.get(replica.index());
        if (until - now > 0 || !restsUntil.compareAndSet(replica.index(), until, now + restNanos)) {
            return;
        }
        rests.increment();
        log.warn(
                "{} at {} failed to connect ({}); passing it over for {} ms",
                service,
                replica.uri(),
                error,
                Duration.ofNanos(restNanos).toMillis());
    }

    /**
     * Makes {@code call} against the next replica's base URI; if it fails to connect, rests that replica and makes
     * it once more against another one, if one is not resting. Nothing reached the first, so this holds for any
     * method. {@code call} must not have acted before it fails to connect (a WebClient exchange has not).
     */
    public <T> Mono<T> call(Function<URI, Mono<T>> call) {
        if (replicas.length == 1) {
            return call.apply(replicas[0].uri());
        }
        Replica first = next();
        return call.apply(first.uri()).onErrorResume(ServiceReplicas::failedToConnect, refused -> {
            failed(first, refused);
            Replica second = next();
            if (second == first) {
                return Mono.error(refused);
            }
            return call.apply(second.uri()).doOnError(error -> failed(second, error));
        });
    }

    /**
     * Whether {@code error} is, or was caused by, a failure to connect: {@link ConnectException}, which Netty's refused
     * connection ({@code AbstractChannel.AnnotatedConnectException}) and connect timeout
     * ({@code io.netty.channel.ConnectTimeoutException}) both are.
     */
    static boolean failedToConnect(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof ConnectException) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return service + " " + Arrays.stream(replicas).map(Replica::uri).toList();
    }
}
