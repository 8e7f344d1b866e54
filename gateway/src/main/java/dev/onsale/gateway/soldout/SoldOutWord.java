package dev.onsale.gateway.soldout;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Which events have no seat free right now, by the gate's own word as this replica last heard it. The gate says so in
 * two ways: the AvailabilityChanged it appends to its outbox in the same script that takes the last seat or frees one
 * (read from {@code onsale.inventory}, in order per event), and the {@code sold-out} refusals of the holds this
 * replica forwards ({@link dev.onsale.common.GateHeaders#AVAILABLE}). A word stands for {@code standsFor} and is then
 * forgotten unless a newer one came; a seat coming free ends it at once. A refusal counts only when no seat came free
 * after its hold was sent: it might have been given before that seat came free.
 */
@Component
public class SoldOutWord {

    /**
     * What the gate last said of one event.
     *
     * @param noneFreeUntil when (nano time) its word that no seat is free stops standing; 0: none stands
     * @param freedAt       when (nano time) this replica last heard a seat of it come free; 0: never
     * @param forGood       no seat is held either: none can come back
     * @param retryAfter    when a buyer should ask again, while held seats may come back
     */
    record Word(long noneFreeUntil, long freedAt, boolean forGood, Duration retryAfter) {

        boolean stands(long now) {
            return noneFreeUntil != 0 && now - noneFreeUntil < 0;
        }
    }

    private final Map<UUID, Word> words = new ConcurrentHashMap<>();
    private final long standsFor;
    private final Duration retryAfter;

    public SoldOutWord(SoldOutProperties properties) {
        this.standsFor = properties.standsFor().toNanos();
        this.retryAfter = properties.retryAfter();
    }

    /**
     * The gate announced the event's counter ({@code AvailabilityChanged}), {@code age} after it changed.
     *
     * @param soldOut no seat free and none held: nothing can come back
     */
    public void announced(UUID eventId, long available, boolean soldOut, Duration age, long now) {
        if (available > 0) {
            words.compute(
                    eventId, (id, word) -> new Word(0, now, false, word == null ? retryAfter : word.retryAfter()));
            return;
        }
        long left = standsFor - Math.max(0, age.toNanos());
        if (left <= 0) {
            return;
        }
        words.compute(
                eventId,
                (id, word) -> new Word(
                        now + left,
                        word == null ? 0 : word.freedAt(),
                        soldOut,
                        word == null ? retryAfter : word.retryAfter()));
    }

    /**
     * The gate refused {@code sold-out} a hold of the event that this replica sent at {@code sentAt}, with this
     * {@code Retry-After} (none: nothing can come back).
     */
    public void refused(UUID eventId, long sentAt, Optional<Duration> askAgainAfter, long now) {
        words.compute(eventId, (id, word) -> {
            if (word != null && word.freedAt() != 0 && word.freedAt() - sentAt >= 0) {
                return word;
            }
            return new Word(
                    now + standsFor,
                    word == null ? 0 : word.freedAt(),
                    askAgainAfter.isEmpty(),
                    askAgainAfter.orElse(word == null ? retryAfter : word.retryAfter()));
        });
    }

    /** The gate's word that no seat of the event is free, if one stands now. */
    Optional<Word> noneFree(UUID eventId, long now) {
        Word word = words.get(eventId);
        return word != null && word.stands(now) ? Optional.of(word) : Optional.empty();
    }
}
