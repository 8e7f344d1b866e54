package dev.onsale.system.k8s;

/** A build of the manifests: the base, or an overlay, with the directory of its kustomization under k8s/. */
enum Profile {
    BASE("base"),
    STAGING("overlays/staging"),
    PRODUCTION("overlays/production");

    final String directory;

    Profile(String directory) {
        this.directory = directory;
    }
}
