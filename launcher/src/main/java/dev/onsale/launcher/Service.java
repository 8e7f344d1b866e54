package dev.onsale.launcher;

/** The service processes of a stack, each a Spring Boot fat jar {@code <module>/target/<module>-<version>.jar}. */
public enum Service {
    QUEUE("queue-service", "queue", 8081, 18081, "ONSALE_QUEUE_URL"),
    INVENTORY("inventory-service", "inventory", 8082, 18082, "ONSALE_INVENTORY_URL"),
    BOOKING("booking-service", "booking", 8083, 18083, "ONSALE_BOOKING_URL"),
    PAYMENT("payment-service", "payment", 8084, 18084, "ONSALE_PAYMENT_URL"),
    /** The stand-in card acquirer payment-service talks to; not reachable through the gateway. */
    PAYMENT_SANDBOX("payment-sandbox", "sandbox", 8090, 18090, null),
    GATEWAY("gateway", "gateway", 8080, 18080, null);

    private final String module;
    private final String option;
    private final int defaultPort;
    private final int defaultManagementPort;
    private final String urlVariable;

    Service(String module, String option, int defaultPort, int defaultManagementPort, String urlVariable) {
        this.module = module;
        this.option = option;
        this.defaultPort = defaultPort;
        this.defaultManagementPort = defaultManagementPort;
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

    /** Default actuator port (health, metrics), apart from the API so that probes need no identity. */
    public int defaultManagementPort() {
        return defaultManagementPort;
    }

    /** Whether the gateway forwards to this service, which then verifies the gateway's identity signature. */
    boolean behindGateway() {
        return urlVariable != null;
    }

    /** The gateway's variable holding this service's base URL; null for what the gateway does not route to. */
    String urlVariable() {
        return urlVariable;
    }
}
