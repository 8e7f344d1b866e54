package dev.onsale.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The single entrance: issues buyer sessions, verifies every caller, strips client-sent identity
 * headers, rate-limits, routes to the services and answers its own errors as problem+json.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class GatewayApplication {

    /**
     * Reactor Netty's property for a thread that only accepts connections. Without it the event loops accept
     * between requests, and under an arrival burst the kernel's accept queue filled while they were busy: buyers'
     * connections waited there, unanswered, for 30 s and more. With it every connection is taken at once and its
     * requests answered, at worst with 503 at the deadline.
     */
    static final String ACCEPT_THREADS = "reactor.netty.ioSelectCount";

    public static void main(String[] args) {
        if (System.getProperty(ACCEPT_THREADS) == null) {
            System.setProperty(ACCEPT_THREADS, "1");
        }
        SpringApplication.run(GatewayApplication.class, args);
    }
}
