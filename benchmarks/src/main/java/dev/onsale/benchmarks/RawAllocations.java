package dev.onsale.benchmarks;

import dev.onsale.benchmarks.BookingDatabase.AllocationRate;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The raw engine beside booking's allocations: a loop of {@code SKIP LOCKED} transactions on booking's PostgreSQL,
 * in a scratch schema of its own (created, then dropped, whatever happens), on as many seats as the holds event
 * has, from {@code connections} JDBC connections at once until every seat is taken. Each transaction has the shape
 * of booking's claim of a quantity ({@code SeatAllocator}): lock as many free seats as the ask wants that no other
 * transaction has locked (booking locks a window of 32 to pick adjacent ones from), the partial index on free seats
 * serving the query as booking's {@code seats_free} does; mark them HELD for a new order; insert the order row; commit. What booking does besides in its transaction (the
 * inbox and decision rows, the sale's terms, a savepoint, the order's seats, the outbox row) and around it (Kafka in
 * and out) is what the ratio measures. At the very end an ask may get fewer seats than it wanted: only the last
 * ones are left.
 */
final class RawAllocations {

    private final BookingDatabase database;
    private final int seats;
    private final int connections;
    /** The asks' quantities, drawn from at random: the holds run's mix. */
    private final int[] quantities;

    private final String schema = "bench_raw_"
            + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());

    RawAllocations(BookingDatabase database, int seats, int connections, int[] quantities) {
        this.database = database;
        this.seats = seats;
        this.connections = connections;
        this.quantities = quantities.clone();
    }

    /** The transactions that allocated, each with its latency, and the orders' rate from their own timestamps. */
    record Result(Latencies transactions, AllocationRate rate, long seatsHeld) {}

    Result run() throws Exception {
        try (Connection admin = database.connect()) {
            create(admin);
            try {
                Latencies transactions = loop();
                try (PreparedStatement orders = admin.prepareStatement(
                                "SELECT count(*), min(created_at), max(created_at) FROM " + schema + ".orders");
                        PreparedStatement held = admin.prepareStatement(
                                "SELECT count(*) FROM " + schema + ".seats WHERE status = 'HELD'")) {
                    return new Result(transactions, AllocationRate.of(orders), BookingDatabase.count(held));
                }
            } finally {
                try (Statement drop = admin.createStatement()) {
                    drop.execute("DROP SCHEMA " + schema + " CASCADE");
                }
            }
        }
    }

    private void create(Connection admin) throws SQLException {
        try (Statement ddl = admin.createStatement()) {
            ddl.execute("CREATE SCHEMA " + schema);
            ddl.execute("CREATE TABLE " + schema + ".seats (seat_id text PRIMARY KEY,"
                    + " status text NOT NULL DEFAULT 'FREE' CHECK (status IN ('FREE', 'HELD')), order_id uuid,"
                    + " CHECK ((status = 'FREE') = (order_id IS NULL)))");
            ddl.execute("CREATE INDEX seats_free ON " + schema + ".seats (seat_id) WHERE status = 'FREE'");
            ddl.execute("CREATE TABLE " + schema + ".orders (id uuid PRIMARY KEY, seats integer NOT NULL,"
                    + " created_at timestamptz NOT NULL DEFAULT now())");
            ddl.execute("INSERT INTO " + schema + ".seats (seat_id) SELECT 'S-' || lpad(n::text, 6, '0')"
                    + " FROM generate_series(1, " + seats + ") AS n");
            ddl.execute("ANALYZE " + schema + ".seats");
        }
    }

    /** Every connection allocating, all released at once, until no seat is free; the allocating transactions. */
    private Latencies loop() throws Exception {
        Latencies transactions = new Latencies("raw SKIP LOCKED allocation (" + connections + " connections)", seats);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Void>> workers = new ArrayList<>();
        long released;
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < connections; i++) {
                workers.add(threads.submit(() -> {
                    allocateUntilSoldOut(start, transactions);
                    return null;
                }));
            }
            released = System.nanoTime();
            start.countDown();
            for (Future<Void> worker : workers) {
                worker.get();
            }
        }
        transactions.wall(System.nanoTime() - released);
        return transactions;
    }

    private void allocateUntilSoldOut(CountDownLatch start, Latencies transactions) throws Exception {
        try (Connection connection = database.connect();
                PreparedStatement lock = connection.prepareStatement("SELECT seat_id FROM " + schema + ".seats"
                        + " WHERE status = 'FREE' ORDER BY seat_id LIMIT ? FOR UPDATE SKIP LOCKED");
                PreparedStatement mark = connection.prepareStatement("UPDATE " + schema + ".seats"
                        + " SET status = 'HELD', order_id = ? WHERE seat_id = ANY (?) AND status = 'FREE'");
                PreparedStatement order =
                        connection.prepareStatement("INSERT INTO " + schema + ".orders (id, seats) VALUES (?, ?)");
                PreparedStatement free = connection.prepareStatement(
                        "SELECT count(*) FROM " + schema + ".seats WHERE status = 'FREE'")) {
            connection.setAutoCommit(false);
            start.await();
            while (true) {
                long began = System.nanoTime();
                lock.setInt(1, quantities[ThreadLocalRandom.current().nextInt(quantities.length)]);
                List<String> locked = new ArrayList<>();
                try (ResultSet rows = lock.executeQuery()) {
                    while (rows.next()) {
                        locked.add(rows.getString(1));
                    }
                }
                if (locked.isEmpty()) {
                    connection.rollback();
                    // free seats locked by transactions in flight show as FREE: the loop ends when none is left
                    if (BookingDatabase.count(free) == 0) {
                        return;
                    }
                    continue;
                }
                UUID orderId = UUID.randomUUID();
                mark.setObject(1, orderId);
                mark.setArray(2, connection.createArrayOf("text", locked.toArray()));
                if (mark.executeUpdate() != locked.size()) {
                    throw new IllegalStateException("seats locked FREE were not all marked for order " + orderId);
                }
                order.setObject(1, orderId);
                order.setInt(2, locked.size());
                order.executeUpdate();
                connection.commit();
                transactions.record(System.nanoTime() - began, "allocated");
            }
        }
    }
}
