package dev.onsale.booking.hold;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Picks {@code quantity} seats out of a window of free ones, best first: consecutive numbers in one row,
 * else any in one row, else the first of the window. Best effort and cheap: it looks only at the window.
 */
final class Adjacency {

    private static final Comparator<FreeSeat> IN_ROW = Comparator.comparingInt(FreeSeat::number);

    private Adjacency() {}

    static List<FreeSeat> pick(List<FreeSeat> window, int quantity) {
        if (window.size() < quantity) {
            throw new IllegalArgumentException("a window of " + window.size() + " seats cannot give " + quantity);
        }
        Map<String, List<FreeSeat>> rows = new LinkedHashMap<>();
        for (FreeSeat seat : window) {
            rows.computeIfAbsent(seat.section() + '/' + Objects.toString(seat.row(), ""), k -> new ArrayList<>())
                    .add(seat);
        }
        List<FreeSeat> sameRow = null;
        for (List<FreeSeat> row : rows.values()) {
            if (row.size() < quantity) {
                continue;
            }
            row.sort(IN_ROW);
            for (int start = 0; start + quantity <= row.size(); start++) {
                if (row.get(start + quantity - 1).number() - row.get(start).number() == quantity - 1) {
                    return List.copyOf(row.subList(start, start + quantity));
                }
            }
            if (sameRow == null) {
                sameRow = List.copyOf(row.subList(0, quantity));
            }
        }
        return sameRow != null ? sameRow : List.copyOf(window.subList(0, quantity));
    }
}
