package dev.onsale.booking;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

/** The plans PostgreSQL picks for a statement of the service, as text. */
public final class QueryPlans {

    private QueryPlans() {}

    /** The plan for these parameter values (a custom plan, as for the first executions of a statement). */
    public static String custom(JdbcTemplate jdbc, String sql, Object... args) {
        return String.join("\n", jdbc.queryForList("EXPLAIN " + sql, String.class, args));
    }

    /**
     * The generic plan (parameters unknown), which a prepared statement settles on after a few executions:
     * {@code types} are the SQL types of the {@code ?} parameters, {@code literals} their values as SQL.
     */
    public static String generic(JdbcTemplate jdbc, String sql, String types, String... literals) {
        StringBuilder numbered = new StringBuilder();
        int n = 0;
        for (char c : sql.toCharArray()) {
            numbered.append(c == '?' ? "$" + (++n) : String.valueOf(c));
        }
        return jdbc.execute((ConnectionCallback<String>) (Connection c) -> {
            try (Statement s = c.createStatement()) {
                s.execute("SET plan_cache_mode = force_generic_plan");
                s.execute("PREPARE plan_probe(" + types + ") AS " + numbered);
                List<String> lines = new ArrayList<>();
                try (PreparedStatement explain =
                                c.prepareStatement("EXPLAIN EXECUTE plan_probe(" + String.join(", ", literals) + ")");
                        ResultSet rs = explain.executeQuery()) {
                    while (rs.next()) {
                        lines.add(rs.getString(1));
                    }
                } finally {
                    s.execute("DEALLOCATE plan_probe");
                    s.execute("RESET plan_cache_mode");
                }
                return String.join("\n", lines);
            }
        });
    }
}
