package dev.onsale.system.k8s;

import static dev.onsale.system.k8s.Nodes.deepCopy;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The manifests one kustomization builds (the base or an overlay), as the rules check them. */
record Build(String name, Profile profile, List<Manifest> manifests) {

    List<Manifest> all(String kind) {
        return manifests.stream().filter(m -> kind.equals(m.kind())).toList();
    }

    Optional<Manifest> find(String kind, String name) {
        return manifests.stream()
                .filter(m -> kind.equals(m.kind()) && Objects.equals(name, m.name()))
                .findFirst();
    }

    Build copy() {
        List<Manifest> copies = new ArrayList<>();
        manifests.forEach(m -> copies.add(new Manifest(m.source(), deepCopy(m.doc()))));
        return new Build(name, profile, copies);
    }
}
