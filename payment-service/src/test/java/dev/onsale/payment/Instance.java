package dev.onsale.payment;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.util.HashMap;
import java.util.Map;
import org.springframework.context.ApplicationContext;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

/** The service instance under test, as each scenario starts it: a closed breaker and a freshly reset sandbox. */
public final class Instance {

    static final String WEBHOOK_PATH = "/webhooks/payments";

    private Instance() {}

    /**
     * Closes the instance's breaker (it is shared by the test classes of this context), resets the sandbox and
     * applies {@code settings} on top of its start settings. The sandbox's webhooks go to this instance when it
     * serves {@link #WEBHOOK_PATH}, else nowhere: scenarios hold either way, settled by webhook or by the poller.
     */
    public static void prepare(ApplicationContext context, int port, Map<String, ?> settings) {
        context.getBean(CircuitBreaker.class).reset();
        Sandbox sandbox = Sandbox.shared();
        sandbox.reset();
        Map<String, Object> all = new HashMap<>(settings);
        all.putIfAbsent("webhookUrl", webhookUrl(context, port));
        sandbox.settings(all);
    }

    /** Where the sandbox should send webhooks for this instance. */
    public static String webhookUrl(ApplicationContext context, int port) {
        boolean served = context.getBeansOfType(RequestMappingHandlerMapping.class).values().stream()
                .flatMap(mapping -> mapping.getHandlerMethods().keySet().stream())
                .anyMatch(info -> info.getPatternValues().contains(WEBHOOK_PATH));
        return served ? "http://127.0.0.1:" + port + WEBHOOK_PATH : Sandbox.NOWHERE;
    }
}
