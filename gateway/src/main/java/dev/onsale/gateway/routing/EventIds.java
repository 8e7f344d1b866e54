package dev.onsale.gateway.routing;

import java.util.Optional;
import java.util.UUID;

/** The event id a path names: a UUID in its 36-character form, or nothing. */
public final class EventIds {

    private EventIds() {}

    public static Optional<UUID> parse(String text) {
        if (text == null || text.length() != 36) {
            return Optional.empty();
        }
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException notAnId) {
            return Optional.empty();
        }
    }
}
