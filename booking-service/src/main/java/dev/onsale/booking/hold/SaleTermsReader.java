package dev.onsale.booking.hold;

import dev.onsale.common.events.SaleState;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** Reads {@link SaleTerms} of an event as the database has them now (never cached: a halt applies at once). */
@Repository
class SaleTermsReader {

    private final JdbcTemplate jdbc;

    SaleTermsReader(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    Optional<SaleTerms> find(UUID eventId) {
        return jdbc
                .query(
                        "SELECT sale_state, currency, hold_ttl_seconds, max_per_order, seated FROM booking.events"
                                + " WHERE id = ?",
                        (rs, i) -> new SaleTerms(
                                SaleState.valueOf(rs.getString("sale_state")),
                                rs.getString("currency"),
                                Duration.ofSeconds(rs.getInt("hold_ttl_seconds")),
                                rs.getInt("max_per_order"),
                                rs.getBoolean("seated")),
                        eventId)
                .stream()
                .findFirst();
    }
}
