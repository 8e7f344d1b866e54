package dev.onsale.booking.reconciliation;

import dev.onsale.booking.reconciliation.ReconciliationReport.Content;
import dev.onsale.platform.messaging.EventJson;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * The auditors' store: reports appended in sequence, each chained to the one before by its hash (see the
 * migration), and the check that the chain is whole. Nothing here updates or deletes; the table refuses both.
 */
@Component
public class ReconciliationReports {

    /** The previous hash of the first report. */
    static final String GENESIS = "0".repeat(64);

    private final JdbcTemplate jdbc;
    private final EventJson json = EventJson.standard();

    ReconciliationReports(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A report in the list: what a row says without its content. */
    public record Summary(
            UUID reportId, Instant startedAt, Instant finishedAt, String trigger, int drifts, String hash) {}

    /** The chain's state: whole, or the first report that does not verify. */
    public record Verification(boolean valid, long reports, UUID firstBadReportId, String reason) {}

    /** Appends the run as the next report of the chain. */
    @Transactional
    ReconciliationReport append(
            UUID reportId,
            Instant started,
            Instant finished,
            ReconciliationReport.Trigger trigger,
            List<ReconciliationReport.EventResult> events) {
        // as precise as the row's timestamps, so that content and row agree
        Instant startedAt = started.truncatedTo(ChronoUnit.MICROS);
        Instant finishedAt = finished.truncatedTo(ChronoUnit.MICROS);
        List<String[]> last =
                jdbc.query("SELECT seq, hash FROM booking.reconciliation_reports ORDER BY seq DESC LIMIT 1", (rs, i) ->
                        new String[] {Long.toString(rs.getLong("seq")), rs.getString("hash")});
        long seq = last.isEmpty() ? 1 : Long.parseLong(last.getFirst()[0]) + 1;
        String previousHash = last.isEmpty() ? GENESIS : last.getFirst()[1];
        int drifts = events.stream().mapToInt(e -> e.drifts().size()).sum();
        var content = new Content(reportId, seq, startedAt, finishedAt, trigger, events, drifts, previousHash);
        String text = json.write(content);
        String hash = sha256(text);
        jdbc.update(
                """
                INSERT INTO booking.reconciliation_reports
                    (seq, report_id, started_at, finished_at, trigger, drifts, content, previous_hash, hash)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                seq,
                reportId,
                Timestamp.from(startedAt),
                Timestamp.from(finishedAt),
                trigger.name(),
                drifts,
                text,
                previousHash,
                hash);
        return content.withHash(hash);
    }

    public Optional<ReconciliationReport> find(UUID reportId) {
        return jdbc
                .query(
                        "SELECT content, hash FROM booking.reconciliation_reports WHERE report_id = ?",
                        (rs, i) -> json.read(rs.getString("content"), Content.class)
                                .withHash(rs.getString("hash").trim()),
                        reportId)
                .stream()
                .findFirst();
    }

    /** The newest reports first, up to {@code limit}, older than {@code before} when given (empty: no such report). */
    public Optional<List<Summary>> list(int limit, UUID before) {
        if (before == null) {
            return Optional.of(jdbc.query(
                    "SELECT * FROM booking.reconciliation_reports ORDER BY seq DESC LIMIT ?",
                    ReconciliationReports::summary,
                    limit));
        }
        List<Long> seq = jdbc.queryForList(
                "SELECT seq FROM booking.reconciliation_reports WHERE report_id = ?", Long.class, before);
        if (seq.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(jdbc.query(
                "SELECT * FROM booking.reconciliation_reports WHERE seq < ? ORDER BY seq DESC LIMIT ?",
                ReconciliationReports::summary,
                seq.getFirst(),
                limit));
    }

    /** The last report's summary, if any. */
    public Optional<Summary> latest() {
        return list(1, null).orElseThrow().stream().findFirst();
    }

    /**
     * Walks the chain from the first report: each must carry the next sequence number, hash to its stored hash,
     * name the previous report's hash, and agree with its own row (id, times, trigger, drift count).
     */
    public Verification verify() {
        return verify(null);
    }

    /**
     * As {@link #verify()}, and the chain must still hold {@code head} (a hash an auditor kept from an earlier
     * read): without it, the newest reports could be removed, or the chain rewritten from some report on with
     * hashes recomputed, and what is left would verify.
     */
    public Verification verify(String head) {
        Verification chain = verifyChain();
        if (!chain.valid() || head == null) {
            return chain;
        }
        List<UUID> holding = jdbc.queryForList(
                "SELECT report_id FROM booking.reconciliation_reports WHERE hash = ?", UUID.class, head);
        return holding.isEmpty()
                ? new Verification(
                        false,
                        chain.reports(),
                        null,
                        "no report has the hash " + head
                                + " any more: the reports from it on were removed, or the chain was rewritten")
                : chain;
    }

    private Verification verifyChain() {
        long[] count = {0};
        String[] previous = {GENESIS};
        Verification[] bad = {null};
        jdbc.query("SELECT * FROM booking.reconciliation_reports ORDER BY seq", rs -> {
            count[0]++;
            if (bad[0] != null) {
                return;
            }
            UUID id = rs.getObject("report_id", UUID.class);
            String reason = problem(rs, count[0], previous[0]);
            if (reason != null) {
                bad[0] = new Verification(false, 0, id, reason);
            }
            previous[0] = rs.getString("hash").trim();
        });
        if (bad[0] != null) {
            return new Verification(false, count[0], bad[0].firstBadReportId(), bad[0].reason());
        }
        return new Verification(true, count[0], null, null);
    }

    private String problem(ResultSet rs, long expectedSeq, String previousHash) throws SQLException {
        if (rs.getLong("seq") != expectedSeq) {
            return "report " + (expectedSeq) + " of the chain is missing (the next stored is number "
                    + rs.getLong("seq") + ")";
        }
        String text = rs.getString("content");
        if (!sha256(text).equals(rs.getString("hash").trim())) {
            return "its content does not hash to its stored hash (altered)";
        }
        if (!rs.getString("previous_hash").trim().equals(previousHash)) {
            return "it does not name the previous report's hash (a report before it was altered or removed)";
        }
        Content content;
        try {
            content = json.read(text, Content.class);
        } catch (RuntimeException unreadable) {
            return "its content is not a report";
        }
        boolean agrees = content.reportId().equals(rs.getObject("report_id", UUID.class))
                && content.seq() == expectedSeq
                && content.previousHash().equals(previousHash)
                && content.startedAt().equals(rs.getTimestamp("started_at").toInstant())
                && content.finishedAt().equals(rs.getTimestamp("finished_at").toInstant())
                && content.trigger().name().equals(rs.getString("trigger"))
                && content.drifts() == rs.getInt("drifts");
        return agrees ? null : "its row disagrees with its hashed content";
    }

    private static Summary summary(ResultSet rs, int row) throws SQLException {
        return new Summary(
                rs.getObject("report_id", UUID.class),
                rs.getTimestamp("started_at").toInstant(),
                rs.getTimestamp("finished_at").toInstant(),
                rs.getString("trigger"),
                rs.getInt("drifts"),
                Objects.requireNonNull(rs.getString("hash")).trim());
    }

    static String sha256(String text) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
