package dev.onsale.engines;

/**
 * The ports the engines listen on; {@code 0} means "pick a free port".
 *
 * @param kafka    Kafka broker (plaintext listener)
 * @param postgres PostgreSQL
 * @param redis    redis-server
 */
public record EnginePorts(int kafka, int postgres, int redis) {

    /** Ports of a local stack started by {@code ./onsale up}. */
    public static final EnginePorts LOCAL_DEFAULTS = new EnginePorts(19092, 15432, 16379);

    public EnginePorts {
        requireValid("kafka", kafka);
        requireValid("postgres", postgres);
        requireValid("redis", redis);
    }

    /** Every engine on a free port. */
    public static EnginePorts ephemeral() {
        return new EnginePorts(0, 0, 0);
    }

    private static void requireValid(String engine, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException(engine + " port out of range: " + port);
        }
    }
}
