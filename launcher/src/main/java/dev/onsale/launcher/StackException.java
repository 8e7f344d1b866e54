package dev.onsale.launcher;

/** A stack could not be started or stopped; the message is meant for the person at the terminal. */
public final class StackException extends RuntimeException {

    public StackException(String message) {
        super(message);
    }

    public StackException(String message, Throwable cause) {
        super(message, cause);
    }
}
