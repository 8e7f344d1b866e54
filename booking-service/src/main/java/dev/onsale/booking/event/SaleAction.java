package dev.onsale.booking.event;

import dev.onsale.common.events.SaleState;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What an operator (or the clock, {@link #OPEN}) asks of an event's sale. Each action has one target
 * state; the legal sources are in {@link Event#after(SaleAction)}.
 */
public enum SaleAction {
    OPEN(SaleState.OPEN),
    PAUSE(SaleState.PAUSED),
    RESUME(SaleState.OPEN),
    HALT(SaleState.HALTED);

    private final SaleState target;

    SaleAction(SaleState target) {
        this.target = target;
    }

    /** The state the sale is in after this action (also when it was there already). */
    public SaleState target() {
        return target;
    }

    /** The action named by the last path segment of {@code /admin/events/{eventId}/sale/{action}}. */
    public static Optional<SaleAction> fromPath(String segment) {
        for (SaleAction action : values()) {
            if (action.name().toLowerCase(Locale.ROOT).equals(segment)) {
                return Optional.of(action);
            }
        }
        return Optional.empty();
    }

    /** Every action's path name, in declaration order. */
    public static List<String> pathNames() {
        return Arrays.stream(values()).map(SaleAction::pathName).toList();
    }

    public String pathName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
