package dev.onsale.gateway;

import static dev.onsale.gateway.GatewayCalls.ADMIN_TOKEN;
import static dev.onsale.gateway.GatewayCalls.unique;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import dev.onsale.testing.TestHttp;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Services of two replicas behind the real gateway, each replica a real stand-in server, as {@code ./onsale up
 * --replicas 2} hands them over ({@code ONSALE_BOOKING_URL=http://...:a,http://...:b}): a route's requests take turns
 * between them; while one is stopped, every request is answered by the other and none with a 503 (a refused
 * connection is sent to the other replica at once, POST included, and nothing reached the stopped one); once it is
 * back, it takes its turns again when its rest is over. The gateway's own calls (here an arrival's join) do the same.
 */
@ExtendWith(EmbeddedEnginesExtension.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "onsale.upstream.replica-rest=1s")
class ReplicasIT {

    private static final Duration REST = Duration.ofSeconds(1);

    static final StubUpstream BOOKING_A = StubUpstream.start("booking-a");
    static StubUpstream bookingB = StubUpstream.start("booking-b");
    static final StubUpstream QUEUE_A = StubUpstream.start("queue-a");
    static StubUpstream queueB = StubUpstream.start("queue-b");
    static final StubUpstream INVENTORY = StubUpstream.start("inventory");
    static final StubUpstream PAYMENT = StubUpstream.start("payment");

    private final TestHttp gateway;

    @Autowired
    MeterRegistry meters;

    ReplicasIT(@LocalServerPort int port) {
        this.gateway = TestHttp.at(port);
    }

    @DynamicPropertySource
    static void twoReplicasOfBookingAndQueue(DynamicPropertyRegistry registry) {
        registry.add("onsale.upstream.booking", () -> BOOKING_A.uri() + "," + bookingB.uri());
        registry.add("onsale.upstream.queue", () -> QUEUE_A.uri() + "," + queueB.uri());
        registry.add("onsale.upstream.inventory", () -> INVENTORY.uri().toString());
        registry.add("onsale.upstream.payment", () -> PAYMENT.uri().toString());
    }

    @AfterAll
    static void stopStubs() {
        List.of(BOOKING_A, bookingB, QUEUE_A, queueB, INVENTORY, PAYMENT).forEach(StubUpstream::close);
    }

    @Test
    void aRoutesRequestsTakeTurnsBetweenTheServicesReplicas() {
        String path = "/api/events/" + unique();

        List<Integer> statuses = IntStream.range(0, 10)
                .mapToObj(i -> gateway.get(path).send().status())
                .toList();

        assertThat(statuses).containsOnly(200);
        assertThat(BOOKING_A.countAt(path)).isEqualTo(5);
        assertThat(bookingB.countAt(path)).isEqualTo(5);
    }

    @Test
    void aStoppedReplicaCostsNoAnswerAndTakesItsTurnsAgainAfterItsRest() {
        String path = "/api/events/" + unique();
        List<String> created = new CopyOnWriteArrayList<>();
        BOOKING_A.answer("/admin/events", request -> {
            created.add(new String(request.body(), StandardCharsets.UTF_8));
            return StubUpstream.Answer.of(201, "application/json", "{}");
        });
        double restsBefore = rests("booking-service");
        int port = bookingB.port();
        bookingB.close();
        try {
            // of two requests in a row, one has the stopped replica's turn: it refuses that POST's connection
            List<Integer> whileStopped = new CopyOnWriteArrayList<>();
            for (String name : List.of("first", "second")) {
                whileStopped.add(gateway.post("/admin/events", "{\"name\":\"" + name + "\"}")
                        .bearer(ADMIN_TOKEN)
                        .send()
                        .status());
            }
            assertThat(rests("booking-service") - restsBefore).isEqualTo(1);
            IntStream.range(0, 10)
                    .forEach(i -> whileStopped.add(gateway.get(path).send().status()));

            assertThat(whileStopped)
                    .as("no 503: each request refused by the stopped replica went to the other")
                    .containsExactly(201, 201, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200);
            assertThat(created)
                    .as("each creation received once, with its body")
                    .containsExactly("{\"name\":\"first\"}", "{\"name\":\"second\"}");
            assertThat(BOOKING_A.countAt(path)).isEqualTo(10);
        } finally {
            bookingB = StubUpstream.start("booking-b", port);
        }

        String back = "/api/events/" + unique();
        List<Integer> afterwards = new CopyOnWriteArrayList<>();
        await().atMost(REST.plusSeconds(5)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> {
            afterwards.add(gateway.get(back).send().status());
            assertThat(bookingB.countAt(back)).isPositive();
        });
        assertThat(afterwards).containsOnly(200);

        String even = "/api/events/" + unique();
        IntStream.range(0, 10).forEach(i -> gateway.get(even).send());
        assertThat(BOOKING_A.countAt(even)).isEqualTo(5);
        assertThat(bookingB.countAt(even)).isEqualTo(5);
    }

    @Test
    void theGatewaysOwnCallsGoToTheOtherReplicaWhileOneIsStopped() {
        String event = unique();
        String joins = "/internal/queue/" + event + "/joins";
        QUEUE_A.answer(
                joins,
                StubUpstream.Answer.of(
                        200, "application/json", "{\"answers\":[{\"status\":\"WAITING\",\"place\":1}]}"));
        double restsBefore = rests("queue-service");
        int port = queueB.port();
        queueB.close();
        try {
            List<Integer> arrivals = IntStream.range(0, 4)
                    .mapToObj(i -> gateway.post("/api/sessions", "{\"eventId\":\"" + event + "\"}")
                            .send()
                            .status())
                    .toList();

            assertThat(arrivals).as("every arrival joined, none refused").containsOnly(201);
            assertThat(QUEUE_A.countAt(joins)).isEqualTo(4);
            assertThat(rests("queue-service") - restsBefore).isGreaterThanOrEqualTo(1);
        } finally {
            queueB = StubUpstream.start("queue-b", port);
        }
    }

    private double rests(String service) {
        return meters.get("onsale.gateway.upstream.replica.rests")
                .tag("service", service)
                .counter()
                .count();
    }
}
