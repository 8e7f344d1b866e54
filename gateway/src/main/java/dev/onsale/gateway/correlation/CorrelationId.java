package dev.onsale.gateway.correlation;

import java.util.UUID;
import java.util.regex.Pattern;

/** The id that ties together every log line of one request, across the gateway and the services. */
public final class CorrelationId {

    /** Key in the Reactor context, the logging MDC and the exchange attributes. */
    public static final String KEY = "correlationId";

    private static final Pattern ACCEPTED = Pattern.compile("[A-Za-z0-9-]{8,64}");

    private CorrelationId() {}

    /** A client's id when it is safe to log and forward, otherwise a fresh random one. */
    public static String accept(String fromClient) {
        if (fromClient != null && ACCEPTED.matcher(fromClient).matches()) {
            return fromClient;
        }
        return UUID.randomUUID().toString();
    }
}
