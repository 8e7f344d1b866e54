package dev.onsale.platform.web;

import tools.jackson.core.JacksonException;

/** The dotted JSON path of a Jackson failure: {@code seatMap.sections[0].rows}. */
final class JsonPaths {

    private JsonPaths() {}

    static String of(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference ref : e.getPath()) {
            if (ref.getPropertyName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }
}
