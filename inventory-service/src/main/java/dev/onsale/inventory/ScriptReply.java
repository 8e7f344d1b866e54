package dev.onsale.inventory;

import java.util.Arrays;
import java.util.List;

/**
 * Reads what a gate script answered: a status word first, alone or as the first element of a list, which is one of
 * the names of the script's result enum. Anything else fails loudly: a script and its caller that disagree on the
 * contract are a bug, never an outcome to carry on with.
 */
public final class ScriptReply {

    private ScriptReply() {}

    /** The result {@code script} answered with, by its status word. */
    public static <R extends Enum<R>> R result(String script, Object reply, Class<R> results) {
        Object word = reply instanceof List<?> list && !list.isEmpty() ? list.getFirst() : reply;
        if (word instanceof String name) {
            for (R result : results.getEnumConstants()) {
                if (result.name().equals(name)) {
                    return result;
                }
            }
        }
        throw new IllegalStateException(
                script + " answered " + reply + ", which is none of " + Arrays.toString(results.getEnumConstants()));
    }

    /** The reply of a script whose header says it answers a list. */
    public static List<?> list(String script, Object reply) {
        if (reply instanceof List<?> list) {
            return list;
        }
        throw new IllegalStateException(script + " answered " + reply + ", not a list");
    }
}
