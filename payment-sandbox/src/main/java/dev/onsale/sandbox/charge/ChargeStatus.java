package dev.onsale.sandbox.charge;

/** PENDING until decided; SUCCEEDED and DECLINED are final. */
public enum ChargeStatus {
    PENDING,
    SUCCEEDED,
    DECLINED
}
