package dev.onsale.queue.line;

/** Where a session stands in an event's waiting room, as buyers see it in {@code status}. */
public enum QueueStatus {
    /** Joined before the opening: in the pre-queue, no position yet. */
    NOT_OPEN,
    WAITING,
    /** Let in: carries an admission token. */
    ADMITTED,
    /** Nothing can come back (counter at zero and no live hold): final. */
    SOLD_OUT
}
