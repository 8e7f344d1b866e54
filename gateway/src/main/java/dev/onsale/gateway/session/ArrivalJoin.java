package dev.onsale.gateway.session;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.catalog.Sales;
import dev.onsale.gateway.halt.SaleHaltProperties;
import dev.onsale.gateway.identity.OperatorCalls;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.problem.ProblemException;
import dev.onsale.gateway.problem.ProblemProperties;
import dev.onsale.gateway.routing.ServiceReplicas;
import dev.onsale.gateway.routing.Upstreams;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.core.publisher.MonoSink;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import reactor.netty.resources.LoopResources;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The join of a session created with an {@code eventId}, made by the gateway for the session it has just created,
 * so that a buyer's arrival is one round trip. Its answer is the join's, or a problem: {@code event-not-found} as
 * queue-service says it, {@code sale-halted} for a halted sale (asked of nobody, as for a join), and
 * {@code service-unavailable} with {@code Retry-After} when queue-service does not answer 200 within
 * {@link SessionProperties#joinTimeout()}.
 *
 * <p>The arrivals go to queue-service in batches ({@code POST /internal/queue/{eventId}/joins}, signed as the
 * gateway's own call): an arrival is sent at once while fewer than {@link SessionProperties#joinsInFlight()} calls
 * are on their way, and otherwise with the arrivals that came while it waited, up to
 * {@link SessionProperties#joinBatchSize()} in one call, in the order they came. A quiet room costs a call per
 * arrival, as before, and no wait; a burst costs a few calls and Redis round trips a second instead of one each
 * (measured in {@code bench sale}'s arrival: one join call cost queue-service about 0.6 ms of CPU). An arrival whose
 * buyer went away, or whose join timed out, before its batch left is not joined. The calls go on a client and
 * connections of their own (not the routes'), and each join's answer is passed on as queue-service wrote it. Each call
 * goes to the next of queue-service's replicas, and to another one when that one does not connect
 * ({@link ServiceReplicas#call}: nothing was sent, so no session is joined twice): a killed replica fails no batch.
 */
@Component
class ArrivalJoin implements DisposableBean {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * One arrival waiting for its join, since {@code queuedAt} ({@link System#nanoTime()}); {@code gone} once its
     * buyer no longer waits for the answer.
     */
    private record Arrival(UUID eventId, UUID sessionId, MonoSink<String> answer, AtomicBoolean gone, long queuedAt) {}

    private final LoopResources loop;
    private final ConnectionProvider connections;
    private final WebClient client;
    private final ServiceReplicas queue;
    private final OperatorCalls calls;
    private final Sales sales;
    private final SaleHaltProperties halts;
    private final Duration unavailableRetryAfter;
    private final Duration timeout;
    private final int batchSize;
    private final int mostInFlight;
    private final Queue<Arrival> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final Timer queued;
    private final Timer called;
    private final DistributionSummary batches;

    ArrivalJoin(
            Upstreams upstreams,
            SessionProperties sessions,
            OperatorCalls calls,
            Sales sales,
            SaleHaltProperties halts,
            ProblemProperties problems,
            MeterRegistry meters) {
        this.timeout = sessions.joinTimeout();
        this.batchSize = sessions.joinBatchSize();
        this.mostInFlight = sessions.joinsInFlight();
        this.loop = LoopResources.create("onsale-arrivals", 1, true);
        this.connections = ConnectionProvider.builder("onsale-arrivals")
                .maxConnections(mostInFlight + 4)
                .pendingAcquireTimeout(timeout)
                .maxIdleTime(Duration.ofSeconds(30))
                .build();
        this.client = WebClient.builder()
                .clientConnector(new ReactorClientHttpConnector(
                        HttpClient.create(connections).runOn(loop).responseTimeout(timeout)))
                .build();
        this.queue = upstreams.queue();
        this.calls = calls;
        this.sales = sales;
        this.halts = halts;
        this.unavailableRetryAfter = problems.unavailableRetryAfter();
        this.queued = Timer.builder("onsale.gateway.arrival.queued")
                .description("how long an arrival waited in the gateway for its batch's call to leave")
                .register(meters);
        this.called = Timer.builder("onsale.gateway.arrival.call")
                .description("a batch of joins' call to queue-service, from sending to its answer or failure")
                .register(meters);
        this.batches = DistributionSummary.builder("onsale.gateway.arrival.batch")
                .description("arrivals in one call to queue-service")
                .register(meters);
    }

    @Override
    public void destroy() {
        connections.dispose();
        loop.dispose();
    }

    /** Joins {@code sessionId} to the line of {@code eventId}; the join's answer (JSON), or a problem as above. */
    Mono<String> join(UUID eventId, UUID sessionId) {
        if (sales.isHalted(eventId)) {
            return Mono.error(halts.refusal());
        }
        return Mono.<String>create(answer -> {
                    AtomicBoolean gone = new AtomicBoolean();
                    answer.onCancel(() -> gone.set(true));
                    waiting.add(new Arrival(eventId, sessionId, answer, gone, System.nanoTime()));
                    sendWhatWaits();
                })
                .timeout(timeout)
                .onErrorMap(this::problemOf);
    }

    /**
     * Sends what waits while fewer calls than allowed are out. Called after every arrival and after every call's
     * end, so that no arrival is left waiting while a call could go.
     */
    private void sendWhatWaits() {
        while (!waiting.isEmpty()) {
            int out = inFlight.get();
            if (out >= mostInFlight) {
                return;
            }
            if (!inFlight.compareAndSet(out, out + 1)) {
                continue;
            }
            Map<UUID, List<Arrival>> byEvent = nextBatch();
            if (byEvent.isEmpty()) {
                inFlight.decrementAndGet();
                continue;
            }
            // one call per event of the batch (nearly always one: a sale's arrivals are for its event); the
            // slot taken above counts the first, the others take one each, so the limit is passed by at most the
            // number of events that arrived at once
            boolean first = true;
            for (Map.Entry<UUID, List<Arrival>> event : byEvent.entrySet()) {
                if (!first) {
                    inFlight.incrementAndGet();
                }
                first = false;
                send(event.getKey(), event.getValue());
            }
        }
    }

    /** Up to a batch of the waiting arrivals whose buyers still wait, by event, each event's in arrival order. */
    private Map<UUID, List<Arrival>> nextBatch() {
        Map<UUID, List<Arrival>> byEvent = new LinkedHashMap<>();
        int taken = 0;
        Arrival arrival;
        while (taken < batchSize && (arrival = waiting.poll()) != null) {
            if (arrival.gone().get()) {
                continue;
            }
            byEvent.computeIfAbsent(arrival.eventId(), e -> new ArrayList<>()).add(arrival);
            taken++;
        }
        return byEvent;
    }

    private void send(UUID eventId, List<Arrival> arrivals) {
        long sentAt = System.nanoTime();
        for (Arrival arrival : arrivals) {
            queued.record(sentAt - arrival.queuedAt(), TimeUnit.NANOSECONDS);
        }
        batches.record(arrivals.size());
        String path = "/internal/queue/" + eventId + "/joins";
        StringBuilder body = new StringBuilder(40 * arrivals.size() + 20).append("{\"sessionIds\":[");
        for (int i = 0; i < arrivals.size(); i++) {
            body.append(i == 0 ? "\"" : ",\"")
                    .append(arrivals.get(i).sessionId())
                    .append('"');
        }
        body.append("]}");
        String joins = body.toString();
        queue.call(replica -> client.post()
                        .uri(replica.resolve(path))
                        .contentType(MediaType.APPLICATION_JSON)
                        .accept(MediaType.APPLICATION_JSON)
                        .headers(headers -> calls.asGateway(headers, HttpMethod.POST, path))
                        .bodyValue(joins)
                        .exchangeToMono(response -> {
                            int status = response.statusCode().value();
                            if (status == 200) {
                                return response.bodyToMono(String.class);
                            }
                            if (status == 404) {
                                return response.releaseBody()
                                        .then(Mono.error(Problem.of(ProblemType.EVENT_NOT_FOUND, "no event " + eventId)
                                                .toException()));
                            }
                            return response.releaseBody().then(Mono.error(unavailable("answered " + status)));
                        }))
                .timeout(timeout)
                .doFinally(signal -> {
                    called.record(System.nanoTime() - sentAt, TimeUnit.NANOSECONDS);
                    inFlight.decrementAndGet();
                    sendWhatWaits();
                })
                .subscribe(joined -> answer(arrivals, joined), error -> fail(arrivals, error));
    }

    /** Gives each arrival its own answer out of the batch's, in order. */
    private void answer(List<Arrival> arrivals, String joined) {
        JsonNode answers;
        try {
            answers = JSON.readTree(joined).path("answers");
        } catch (RuntimeException unreadable) {
            fail(arrivals, unavailable("answered what is not a batch of joins"));
            return;
        }
        if (!answers.isArray() || answers.size() != arrivals.size()) {
            fail(arrivals, unavailable("answered " + answers.size() + " joins for " + arrivals.size()));
            return;
        }
        for (int i = 0; i < arrivals.size(); i++) {
            arrivals.get(i).answer().success(answers.get(i).toString());
        }
    }

    private void fail(List<Arrival> arrivals, Throwable error) {
        Throwable problem = problemOf(error);
        for (Arrival arrival : arrivals) {
            arrival.answer().error(problem);
        }
    }

    /** A problem as it is; any other failure (a timeout, an unreachable service) as 503 with Retry-After. */
    private Throwable problemOf(Throwable error) {
        if (error instanceof ProblemException) {
            return error;
        }
        return unavailable(
                error instanceof TimeoutException
                        ? "did not answer within " + timeout.toMillis() + " ms"
                        : "could not be reached");
    }

    private RuntimeException unavailable(String what) {
        return Problem.retryable(
                        ProblemType.SERVICE_UNAVAILABLE,
                        "the waiting room " + what + "; no session was created, try again",
                        unavailableRetryAfter)
                .toException();
    }
}
