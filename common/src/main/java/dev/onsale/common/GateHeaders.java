package dev.onsale.common;

/**
 * Response headers by which inventory-service tells the gateway what its gate answered a hold. The gateway removes
 * them before the answer goes on to the buyer.
 */
public final class GateHeaders {

    /**
     * On a hold the gate refused {@code sold-out}: the gate's counter when it refused, always {@code 0} (no seat was
     * free). The gateway's sold-out edge takes it as the gate's own word that the event has no seat free right now.
     */
    public static final String AVAILABLE = "X-Onsale-Gate-Available";

    private GateHeaders() {}
}
