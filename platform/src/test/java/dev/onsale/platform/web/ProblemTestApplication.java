package dev.onsale.platform.web;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Admin;
import dev.onsale.platform.identity.Buyer;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** A minimal servlet service using the platform's web mechanisms as a real service would. */
@SpringBootApplication
class ProblemTestApplication {

    record Section(String name, int rows) {}

    record Order(String name, Integer quantity, boolean gift, List<Section> sections, java.time.Instant startsAt) {}

    @RestController
    static class TestController {

        /** Orders created so far: the effect a refused request must not have. */
        static final java.util.concurrent.atomic.AtomicInteger CREATED =
                new java.util.concurrent.atomic.AtomicInteger();

        @PostMapping("/orders")
        Map<String, Object> create(@RequestBody Order order, Admin admin) {
            CREATED.incrementAndGet();
            return Map.of("name", order.name(), "quantity", order.quantity());
        }

        @GetMapping("/catalog")
        Map<String, Object> catalog() {
            return Map.of("anonymous", true);
        }

        @GetMapping("/orders/{orderId}")
        Map<String, Object> get(@PathVariable UUID orderId, Buyer buyer) {
            if (orderId.getMostSignificantBits() == 0) {
                throw new ProblemException(ProblemType.ORDER_NOT_FOUND, "no order " + orderId);
            }
            return Map.of("orderId", orderId, "buyer", buyer.sessionId());
        }

        @GetMapping("/busy")
        Map<String, Object> busy() {
            throw new ProblemException(ProblemType.SERVICE_UNAVAILABLE, "try later").retryAfter(2);
        }

        @GetMapping("/engine-away")
        Map<String, Object> engineAway() {
            throw new org.springframework.jdbc.CannotGetJdbcConnectionException(
                    "pool empty", new java.sql.SQLTransientConnectionException("timeout"));
        }

        @GetMapping("/redis-pool-exhausted")
        Map<String, Object> redisPoolExhausted() {
            throw new redis.clients.jedis.exceptions.JedisException(
                    "Could not get a resource from the pool",
                    new java.util.NoSuchElementException("Timeout waiting for idle object"));
        }

        @PostMapping("/client-gone")
        Map<String, Object> clientGone() throws java.io.IOException {
            // what Tomcat throws when the client hangs up while its body is read
            throw new org.apache.catalina.connector.ClientAbortException(new java.io.EOFException());
        }

        @GetMapping("/boom")
        Map<String, Object> boom() {
            throw new IllegalStateException("secret internal detail");
        }
    }
}
