package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Cluster.K8S;
import static dev.onsale.system.k8s.Cluster.REPO;

import java.util.Map;

/** The repository's builds, the facts of its services and its k8s/README.md, as the tests load them. */
final class Repository {

    private Repository() {}

    static Build build(Profile profile) {
        return new Build(profile.directory, profile, Kustomize.build(K8S.resolve(profile.directory)));
    }

    private static Map<String, ServiceFacts> facts;

    static synchronized Map<String, ServiceFacts> facts() {
        if (facts == null) {
            facts = ServiceFacts.read(REPO);
        }
        return facts;
    }

    static Readme readme() {
        return Readme.read(K8S.resolve("README.md"));
    }
}
