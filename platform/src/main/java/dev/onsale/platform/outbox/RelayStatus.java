package dev.onsale.platform.outbox;

/** A replica's part in relaying its service's outbox. */
public enum RelayStatus {
    /** Leader, and Debezium is attached to the slot. */
    STREAMING,
    /** Leader, but the engine is (re)starting or has failed and will be restarted. */
    STARTING,
    /** Another replica leads; this one takes over if that one goes away. */
    STANDBY,
    /** Not relaying and nobody else is either (or the relay is stopped). */
    STOPPED
}
