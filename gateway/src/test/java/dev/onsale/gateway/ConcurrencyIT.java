package dev.onsale.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * 5,000 buyers at once in front of one slow service, all served through the configured connection
 * pool. Only the waits are stretched, so that a slow test machine cannot turn the stub's slowness into
 * timeouts. The address backstop is lifted because every request comes from one address. (On a 2-core
 * machine the client cannot hold more than ~1,500 acquires pending at once, so this run does not by
 * itself tell the configured pool from Reactor Netty's default one.)
 */
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "onsale.rate-limit.address-burst=1000000", "onsale.rate-limit.address-per-second=1000000",
        "onsale.upstream.response-timeout=90s", "onsale.upstream.pool.pending-acquire-timeout=90s"})
class ConcurrencyIT {

    private static final int BUYERS = 5_000;
    static final StubUpstream SLOW_BOOKING = StubUpstream.start("booking");

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void upstreams(DynamicPropertyRegistry registry) {
        registry.add("onsale.upstream.queue", () -> SLOW_BOOKING.uri().toString());
        registry.add("onsale.upstream.inventory", () -> SLOW_BOOKING.uri().toString());
        registry.add("onsale.upstream.booking", () -> SLOW_BOOKING.uri().toString());
        registry.add("onsale.upstream.payment", () -> SLOW_BOOKING.uri().toString());
    }

    @AfterAll
    static void stopStub() {
        SLOW_BOOKING.close();
    }

    @Test
    void fiveThousandConcurrentBuyersAreAllServedThroughTheConnectionPool() {
        String path = "/api/events/" + GatewayClient.unique() + "/seats";
        SLOW_BOOKING.answer(path, new StubUpstream.Answer(200, "application/json", "{\"seats\":[]}", Map.of(),
                Duration.ofMillis(200)));
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(60)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(120)).build();

        List<CompletableFuture<Integer>> calls = IntStream.range(0, BUYERS)
                .mapToObj(i -> client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                        .thenApply(HttpResponse::statusCode)
                        .exceptionally(error -> -1))
                .toList();
        Map<Integer, Long> statuses = calls.stream().map(CompletableFuture::join)
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));

        assertThat(statuses).isEqualTo(Map.of(200, (long) BUYERS));
    }
}
