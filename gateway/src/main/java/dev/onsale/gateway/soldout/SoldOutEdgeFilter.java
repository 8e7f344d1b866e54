package dev.onsale.gateway.soldout;

import dev.onsale.common.GateHeaders;
import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.catalog.Sales;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.problem.ProblemResponses;
import dev.onsale.gateway.routing.EventIds;
import dev.onsale.gateway.routing.HoldRequests;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.UUID;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * Answers a hold 409 {@code sold-out} without a call to inventory-service while the gate's word that no seat of the
 * event is free stands ({@link SoldOutWord}): after the last seat goes, a sale's crowd keeps pressing "Hold", and
 * every one of those holds would cost a call through both services and a run of the gate script to be told the same.
 *
 * <p>The edge answers only a hold the gate would have answered sold-out, and leaves every other to the gate:
 * <ul>
 *   <li>one with an {@code Idempotency-Key}: a retry of a hold the gate placed must get its order back, and only the
 *       gate knows whether it did (the waiting page always sends one, so its holds always reach the gate);
 *   <li>one whose body is not exactly a well-formed ask ({@link HoldAsk}), or asks for more seats than one order may
 *       have, or names an event whose sale this replica has not read as open: the gate answers those 400, 422 and
 *       409 {@code sale-not-open} before it looks at its counter.
 * </ul>
 * The one answer of the gate's that comes before sold-out and that the edge cannot know is {@code order-already-live}:
 * a session that has an order live and asks for another, without a key, while nothing is free, is told sold-out.
 *
 * <p>Holds wait their turn here ({@link HoldLines}): at most {@code onsale.sold-out-edge.in-flight} of one event are
 * at inventory-service at once. A sale's crowd presses "Hold" within the same second; sent on all at once, its holds
 * queued inside inventory-service, and all of them had been sent before the first refusal came back with the gate's
 * word. Waiting here, a hold whose turn comes after the word is answered at once, and one that comes while the word
 * stands is answered without waiting for a turn.
 *
 * <p>Every forwarded hold's answer is read for the gate's word ({@link GateHeaders#AVAILABLE}), which is removed
 * before the buyer sees the answer. Runs after the admission check: a hold without a valid admission is refused 403
 * first, as before.
 */
@Component
class SoldOutEdgeFilter implements WebFilter, Ordered {

    static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 45;
    static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    private static final String ARRIVED_AT = SoldOutEdgeFilter.class.getName() + ".arrivedAt";

    private final SoldOutWord word;
    private final Sales sales;
    private final ProblemResponses problems;
    private final JsonMapper json;
    private final boolean enabled;
    private final Counter answered;
    private final HoldLines lines;

    SoldOutEdgeFilter(
            SoldOutWord word,
            Sales sales,
            ProblemResponses problems,
            JsonMapper json,
            SoldOutProperties properties,
            MeterRegistry meters) {
        this.word = word;
        this.sales = sales;
        this.problems = problems;
        this.json = json;
        this.enabled = properties.enabled();
        this.lines = new HoldLines(properties.inFlight());
        this.answered = Counter.builder("onsale.gateway.holds.sold-out-at-edge")
                .description("holds answered 409 sold-out by the gateway on the gate's word, without a call to"
                        + " inventory-service")
                .register(meters);
        Gauge.builder("onsale.gateway.holds.waiting", lines, HoldLines::waiting)
                .description("holds waiting their turn at the gateway (onsale.sold-out-edge.in-flight of an event are"
                        + " at inventory-service at once)")
                .register(meters);
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        Optional<UUID> event = EventIds.parse(HoldRequests.eventIdOf(exchange.getRequest()));
        if (event.isEmpty()) {
            return chain.filter(exchange);
        }
        UUID eventId = event.get();
        exchange.getAttributes().put(ARRIVED_AT, System.nanoTime());
        if (!enabled) {
            return forward(exchange, chain, eventId);
        }
        if (!mayAnswer(exchange, eventId)) {
            return lines.inTurn(eventId, () -> atItsTurn(exchange, chain, eventId, null));
        }
        // the word stands already: no need to wait for a turn to be answered
        return body(exchange).flatMap(body -> {
            Problem answer = answer(eventId, body);
            return answer != null
                    ? write(exchange, answer)
                    : lines.inTurn(eventId, () -> atItsTurn(replaying(exchange, body), chain, eventId, body));
        });
    }

    /** A hold's turn has come: answered here if the gate's word stands now, else sent on to inventory-service. */
    private Mono<Void> atItsTurn(ServerWebExchange exchange, WebFilterChain chain, UUID eventId, byte[] read) {
        if (!mayAnswer(exchange, eventId)) {
            return forward(exchange, chain, eventId);
        }
        if (read != null) {
            Problem answer = answer(eventId, read);
            return answer != null ? write(exchange, answer) : forward(exchange, chain, eventId);
        }
        return body(exchange).flatMap(body -> {
            Problem answer = answer(eventId, body);
            return answer != null ? write(exchange, answer) : forward(replaying(exchange, body), chain, eventId);
        });
    }

    /** Whether the edge may answer this hold, before its body is read. */
    private boolean mayAnswer(ServerWebExchange exchange, UUID eventId) {
        HttpHeaders headers = exchange.getRequest().getHeaders();
        return !headers.containsHeader(IDEMPOTENCY_KEY)
                && isJson(headers.getContentType())
                && word.noneFree(eventId, System.nanoTime()).isPresent()
                && sales.isOpen(eventId);
    }

    /** The edge's answer when the gate's word stands and the body is one the gate would have refused; else null. */
    private Problem answer(UUID eventId, byte[] body) {
        Optional<SoldOutWord.Word> noneFree = word.noneFree(eventId, System.nanoTime());
        if (noneFree.isEmpty() || !withinLimit(eventId, HoldAsk.seats(json, body))) {
            return null;
        }
        return soldOut(noneFree.get());
    }

    private Mono<Void> write(ServerWebExchange exchange, Problem answer) {
        answered.increment();
        return problems.write(exchange.getResponse(), answer);
    }

    private static Mono<byte[]> body(ServerWebExchange exchange) {
        return DataBufferUtils.join(exchange.getRequest().getBody())
                .map(SoldOutEdgeFilter::bytes)
                .defaultIfEmpty(new byte[0]);
    }

    /** The gate refuses more seats than one order may have 422 before it looks at its counter. */
    private boolean withinLimit(UUID eventId, int seats) {
        OptionalInt maxPerOrder = sales.maxPerOrder(eventId);
        return seats != HoldAsk.NOT_READ && maxPerOrder.isPresent() && seats <= maxPerOrder.getAsInt();
    }

    /** The gate's own words for the same state (inventory-service's HoldProblems). */
    private static Problem soldOut(SoldOutWord.Word noneFree) {
        if (noneFree.forGood()) {
            return Problem.of(ProblemType.SOLD_OUT, "every seat of this event is sold; none can come back");
        }
        return Problem.retryable(
                ProblemType.SOLD_OUT,
                "no seat is free right now; seats held by buyers who may not pay come back if they do not:"
                        + " try again after Retry-After",
                noneFree.retryAfter());
    }

    /** Forwards the hold, and reads its answer for the gate's word before the buyer gets it. */
    private Mono<Void> forward(ServerWebExchange exchange, WebFilterChain chain, UUID eventId) {
        long sentAt = System.nanoTime();
        String deadline = exchange.getRequest().getHeaders().getFirst(IdentityHeaders.DEADLINE);
        long waitedMillis = Duration.ofNanos(waitedFor(sentAt, exchange)).toMillis();
        if (deadline != null && waitedMillis > 0) {
            // the admission check set the deadline as the hold came; the upstream timeout starts only now, so a
            // turn waited for must not shorten inventory-service's time to answer (a hold sent on at once is left as
            // it is)
            long later = Long.parseLong(deadline) + waitedMillis;
            exchange = exchange.mutate()
                    .request(exchange.getRequest()
                            .mutate()
                            .headers(headers -> headers.set(IdentityHeaders.DEADLINE, Long.toString(later)))
                            .build())
                    .build();
        }
        ServerHttpResponse response = exchange.getResponse();
        response.beforeCommit(() -> {
            HttpHeaders headers = response.getHeaders();
            String available = headers.getFirst(GateHeaders.AVAILABLE);
            if (available != null) {
                headers.remove(GateHeaders.AVAILABLE);
                if ("0".equals(available.strip()) && HttpStatus.CONFLICT.equals(response.getStatusCode())) {
                    word.refused(eventId, sentAt, retryAfter(headers), System.nanoTime());
                }
            }
            return Mono.empty();
        });
        return chain.filter(exchange);
    }

    /** How long the hold waited for its turn, in nanoseconds. */
    private static long waitedFor(long now, ServerWebExchange exchange) {
        Long arrivedAt = exchange.getAttribute(ARRIVED_AT);
        return arrivedAt == null ? 0 : Math.max(0, now - arrivedAt);
    }

    private static Optional<Duration> retryAfter(HttpHeaders headers) {
        String seconds = headers.getFirst(HttpHeaders.RETRY_AFTER);
        if (seconds == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Duration.ofSeconds(Math.max(1, Long.parseLong(seconds.strip()))));
        } catch (NumberFormatException notSeconds) {
            return Optional.empty();
        }
    }

    /** JSON as inventory-service reads it: {@code application/json}, in UTF-8 if a charset is named. */
    private static boolean isJson(MediaType type) {
        return type != null
                && "application".equals(type.getType())
                && "json".equals(type.getSubtype())
                && (type.getCharset() == null
                        || "UTF-8".equals(type.getCharset().name()));
    }

    private static byte[] bytes(DataBuffer buffer) {
        try {
            byte[] bytes = new byte[buffer.readableByteCount()];
            buffer.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(buffer);
        }
    }

    /** The exchange with the body already read, sent on as it came. */
    private static ServerWebExchange replaying(ServerWebExchange exchange, byte[] body) {
        ServerHttpRequest request = new ServerHttpRequestDecorator(exchange.getRequest()) {
            @Override
            public Flux<DataBuffer> getBody() {
                return body.length == 0
                        ? Flux.empty()
                        : Flux.defer(() -> Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(body)));
            }
        };
        return exchange.mutate().request(request).build();
    }
}
