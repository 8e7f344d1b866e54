package dev.onsale.system.k8s;

/**
 * A build of the manifests: the base, or an overlay, with the directory of its kustomization under k8s/, and
 * whether payment-service calls the real acquirer in it.
 */
enum Profile {
    BASE("base", false),
    STAGING("overlays/staging", false),
    PRODUCTION("overlays/production", true),
    /** Production with the autoscalers' floors raised for a sale. */
    SALE_DAY("overlays/sale-day", true);

    final String directory;
    final boolean realAcquirer;

    Profile(String directory, boolean realAcquirer) {
        this.directory = directory;
        this.realAcquirer = realAcquirer;
    }
}
