package dev.onsale.benchmarks;

import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import java.util.UUID;

/**
 * booking-service's PostgreSQL, reached as the stack reaches it: the {@code ONSALE_DB_URL}, {@code ONSALE_DB_USER}
 * and {@code ONSALE_DB_PASSWORD} that the engines of the running stack wrote to their ready file, and that the
 * launcher hands to booking-service (whose {@code spring.datasource} reads them); {@code --db-url},
 * {@code --db-user} and {@code --db-password} override them. Read-only on booking's own tables.
 *
 * @param source where the settings came from, for the report
 */
record BookingDatabase(String url, String user, String password, String source) {

    /** How long booking may take to decide the commands still in Kafka after the gateway has answered every hold. */
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(60);

    private static final Duration DRAIN_POLL = Duration.ofMillis(500);

    /** The settings of {@code stack}'s engines, each overridden by its option when given. */
    static BookingDatabase of(Options options, StackProcesses stack) throws IOException {
        Properties ready = stack.enginesReady()
                .orElseThrow(() -> new IllegalStateException(
                        "the running stack's engines.ready was not found under its runs/; give --db-url"));
        return new BookingDatabase(
                options.text("db-url", ready.getProperty("ONSALE_DB_URL")),
                options.text("db-user", ready.getProperty("ONSALE_DB_USER")),
                options.text("db-password", ready.getProperty("ONSALE_DB_PASSWORD", "")),
                options.values().containsKey("db-url") ? "--db-url" : "the running stack's engines.ready");
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(url, user, password);
    }

    /** How many seats the event has (its seats rows, inserted with the event). */
    int capacity(UUID eventId) throws SQLException {
        try (Connection connection = connect();
                PreparedStatement query =
                        connection.prepareStatement("SELECT capacity FROM booking.events WHERE id = ?")) {
            query.setObject(1, eventId);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw new IllegalStateException("booking has no event " + eventId);
                }
                return row.getInt(1);
            }
        }
    }

    /**
     * Booking's allocations of {@code eventId}, once it has decided every command it was sent: the ALLOCATED decisions
     * (those of orders cancelled since included: booking did the work) and their {@code decided_at}. Waits until
     * the count of the event's decisions, whatever their outcome, stops changing for a poll, since booking may still
     * be deciding commands whose holds the gateway already answered with a 503.
     */
    Decisions allocations(UUID eventId) throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + DRAIN_TIMEOUT.toNanos();
        try (Connection connection = connect();
                PreparedStatement decided = connection.prepareStatement(
                        "SELECT count(*) FROM booking.allocation_decisions WHERE event_id = ?");
                PreparedStatement allocated = connection.prepareStatement("""
                        SELECT count(*), min(decided_at), max(decided_at) FROM booking.allocation_decisions
                        WHERE event_id = ? AND outcome = 'ALLOCATED'""")) {
            decided.setObject(1, eventId);
            allocated.setObject(1, eventId);
            long before = -1;
            long now = count(decided);
            while (now != before && System.nanoTime() < deadline) {
                Thread.sleep(DRAIN_POLL);
                before = now;
                now = count(decided);
            }
            return new Decisions(AllocationRate.of(allocated), now);
        }
    }

    /** An event's ALLOCATED decisions, and how many decisions it has in all (the refused ones too). */
    record Decisions(AllocationRate allocated, long all) {}

    /** The single number a query such as {@code SELECT count(*) ...} answers. */
    static long count(PreparedStatement query) throws SQLException {
        try (ResultSet row = query.executeQuery()) {
            row.next();
            return row.getLong(1);
        }
    }

    /**
     * How many rows a writer committed, and the first and last of their timestamps. Both sides of the allocations'
     * row are read this way from the rows' own {@code now()} (the writing transaction's start), so that neither
     * counts the time before the first or after the last: the allocations that ran back to back are {@code count - 1}
     * intervals over that span. Exact, where booking's Prometheus counter {@code onsale_allocations_total} is not:
     * it counts every event's decisions, and a rate from it depends on when it was scraped.
     */
    record AllocationRate(long count, Instant first, Instant last) {

        /** From a query answering {@code count(*), min(timestamp), max(timestamp)}. */
        static AllocationRate of(PreparedStatement query) throws SQLException {
            try (ResultSet row = query.executeQuery()) {
                row.next();
                long count = row.getLong(1);
                return new AllocationRate(
                        count,
                        count == 0 ? null : row.getTimestamp(2).toInstant(),
                        count == 0 ? null : row.getTimestamp(3).toInstant());
            }
        }

        /** Whether there are two timestamps apart to divide by. */
        boolean measurable() {
            return count >= 2 && last.isAfter(first);
        }

        double seconds() {
            return Duration.between(first, last).toNanos() / 1e9;
        }

        double perSecond() {
            if (!measurable()) {
                throw new IllegalStateException(count + " allocations: no span to make a rate of");
            }
            return (count - 1) / seconds();
        }
    }
}
