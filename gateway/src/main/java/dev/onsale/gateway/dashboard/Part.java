package dev.onsale.gateway.dashboard;

import java.util.Map;

/** What one service answered for its part of the dashboard. */
sealed interface Part {

    /** The part, as the service sent it. */
    record Answered(Map<String, Object> body) implements Part {}

    /** No part: why is said in {@link #detail()}. */
    sealed interface Missing extends Part {
        String detail();
    }

    /** The service answered 404: it does not know the event. */
    record Unknown(String detail) implements Missing {}

    /** No usable answer: a timeout, a refused connection, another status, an unreadable body. */
    record Unavailable(String detail) implements Missing {}
}
