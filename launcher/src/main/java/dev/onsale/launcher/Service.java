package dev.onsale.launcher;

/** The service processes of a stack, each a Spring Boot fat jar {@code <module>/target/<module>-<version>.jar}. */
public enum Service {
    QUEUE("queue-service", "queue", 8081, "ONSALE_QUEUE_URL"),
    INVENTORY("inventory-service", "inventory", 8082, "ONSALE_INVENTORY_URL"),
    BOOKING("booking-service", "booking", 8083, "ONSALE_BOOKING_URL"),
    PAYMENT("payment-service", "payment", 8084, "ONSALE_PAYMENT_URL"),
    /** The stand-in card acquirer payment-service talks to; not reachable through the gateway. */
    PAYMENT_SANDBOX("payment-sandbox", "sandbox", 8090, null),
    GATEWAY("gateway", "gateway", 8080, null);

    private final String module;
    private final String option;
    private final int defaultPort;
    private final String urlVariable;

    Service(String module, String option, int defaultPort, String urlVariable) {
        this.module = module;
        this.option = option;
        this.defaultPort = defaultPort;
        this.urlVariable = urlVariable;
    }

    /** Maven module (and process) name. */
    public String module() {
        return module;
    }

    /** Command-line option prefix: {@code --<option>-port=}. */
    String option() {
        return option;
    }

    public int defaultPort() {
        return defaultPort;
    }

    /** The gateway's variable holding this service's base URL; null for what the gateway does not route to. */
    String urlVariable() {
        return urlVariable;
    }
}
