package dev.onsale.gateway.routing;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.netty.channel.ConnectTimeoutException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class ServiceReplicasTest {

    private static final URI A = URI.create("http://127.0.0.1:8081");
    private static final URI B = URI.create("http://127.0.0.1:40123");
    private static final URI C = URI.create("http://127.0.0.1:40124");
    private static final Duration REST = Duration.ofSeconds(2);

    /** Far from zero, and negative, as System.nanoTime() may be. */
    private final AtomicLong now = new AtomicLong(-5_000_000_000L);

    private final Counter rests = new SimpleMeterRegistry().counter("rests");

    private ServiceReplicas replicas(URI... uris) {
        return new ServiceReplicas("queue-service", List.of(uris), REST, now::get, rests);
    }

    private static List<URI> nextOf(ServiceReplicas replicas, int calls) {
        return IntStream.range(0, calls).mapToObj(i -> replicas.next().uri()).toList();
    }

    @Test
    void callsGoToEachReplicaInTurn() {
        ServiceReplicas replicas = replicas(A, B, C);

        assertThat(nextOf(replicas, 6)).containsExactly(A, B, C, A, B, C);
    }

    @Test
    void aReplicaThatFailedToConnectIsPassedOverForItsRestThenTriedAgain() {
        ServiceReplicas replicas = replicas(A, B);
        refuse(replicas, replicas.next());

        assertThat(nextOf(replicas, 4)).containsOnly(B);
        now.addAndGet(REST.toNanos() - 1);
        assertThat(nextOf(replicas, 4))
                .as("one nanosecond before the rest ends")
                .containsOnly(B);
        now.addAndGet(1);
        assertThat(nextOf(replicas, 4)).containsExactlyInAnyOrder(A, B, A, B);
        assertThat(rests.count()).isEqualTo(1);
    }

    @Test
    void aFailureAfterTheConnectionWasMadeRestsNobody() {
        ServiceReplicas replicas = replicas(A, B);
        replicas.failed(replicas.next(), new IOException("Connection reset by peer"));

        assertThat(nextOf(replicas, 4)).containsExactly(B, A, B, A);
        assertThat(rests.count()).isZero();
    }

    @Test
    void aRestUnderWayIsNotLengthenedByTheFailuresOfCallsAlreadyOnTheirWay() {
        ServiceReplicas replicas = replicas(A, B);
        ServiceReplicas.Replica a = replicas.next();
        refuse(replicas, a);
        now.addAndGet(REST.toNanos() / 2);
        refuse(replicas, a);
        now.addAndGet(REST.toNanos() / 2);

        assertThat(nextOf(replicas, 4)).contains(A);
        assertThat(rests.count()).isEqualTo(1);
    }

    @Test
    void whenEveryReplicaRestsOneIsChosenAnywayInTurn() {
        ServiceReplicas replicas = replicas(A, B);
        refuse(replicas, replicas.next());
        refuse(replicas, replicas.next());

        assertThat(nextOf(replicas, 4)).containsExactly(A, B, A, B);
    }

    @Test
    void aSingleReplicaIsAlwaysChosenAndNeverRests() {
        ServiceReplicas replicas = replicas(A);
        refuse(replicas, replicas.next());

        assertThat(nextOf(replicas, 3)).containsExactly(A, A, A);
        assertThat(rests.count()).isZero();
    }

    @Test
    void aReplicasBaseUriKeepsSchemeHostAndPortOnly() {
        ServiceReplicas replicas = replicas(URI.create("http://queue-service:8081/"));

        assertThat(replicas.first()).isEqualTo(URI.create("http://queue-service:8081"));
        assertThat(replicas.first().resolve("/api/queue/x/progress"))
                .isEqualTo(URI.create("http://queue-service:8081/api/queue/x/progress"));
    }

    @Test
    void aCallThatFailsToConnectRestsItsReplicaAndIsMadeOnceMoreOnAnother() {
        ServiceReplicas replicas = replicas(A, B, C);
        List<URI> called = new ArrayList<>();

        String answer = replicas.call(uri -> {
                    called.add(uri);
                    return uri.equals(A) ? Mono.error(refused(uri)) : Mono.just("answered by " + uri.getPort());
                })
                .block();

        assertThat(called).containsExactly(A, B);
        assertThat(answer).isEqualTo("answered by 40123");
        assertThat(nextOf(replicas, 4)).doesNotContain(A);
    }

    @Test
    void aCallIsMadeTwiceAtMostAndAnyOtherFailureNotAgain() {
        ServiceReplicas replicas = replicas(A, B, C);
        List<URI> called = new ArrayList<>();

        Mono<String> everyoneRefuses = replicas.call(uri -> {
            called.add(uri);
            return Mono.error(refused(uri));
        });
        assertThat(everyoneRefuses
                        .onErrorResume(error -> Mono.just(error.getMessage()))
                        .block())
                .startsWith("Connection refused");
        assertThat(called).containsExactly(A, B);

        called.clear();
        Mono<String> timedOut = replicas.call(uri -> {
            called.add(uri);
            return Mono.error(new TimeoutException("no answer"));
        });
        assertThat(timedOut.onErrorResume(error -> Mono.just(error.getMessage()))
                        .block())
                .isEqualTo("no answer");
        assertThat(called).as("a timeout: the service may have acted").containsExactly(C);
    }

    @Test
    void aFailureToConnectIsKnownWhereverItIsInTheCauses() {
        assertThat(ServiceReplicas.failedToConnect(new IllegalStateException("wrapped", refused(A))))
                .isTrue();
        assertThat(ServiceReplicas.failedToConnect(new ConnectTimeoutException("1000 ms")))
                .isTrue();
        assertThat(ServiceReplicas.failedToConnect(new IOException("Connection reset by peer")))
                .isFalse();
    }

    private static void refuse(ServiceReplicas replicas, ServiceReplicas.Replica replica) {
        replicas.failed(replica, refused(replica.uri()));
    }

    private static ConnectException refused(URI uri) {
        return new ConnectException("Connection refused: " + uri.getAuthority());
    }
}
