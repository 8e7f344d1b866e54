package dev.onsale.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Every answer and latency of a run, per kind of call; prints them as a table with the run's totals. */
final class CallFigures {

    /** Totals of a printed table. */
    record Totals(long requests, long unavailable, long unanswered) {}

    /** Answers and latencies of one kind of call. */
    private static final class Calls {
        final Map<String, AtomicInteger> answers = new ConcurrentHashMap<>();
        final List<Long> micros = Collections.synchronizedList(new ArrayList<>());
    }

    private final Map<String, Calls> calls = new ConcurrentHashMap<>();

    void record(String call, String answer, long nanos) {
        Calls c = calls.computeIfAbsent(call, w -> new Calls());
        c.answers.computeIfAbsent(answer, a -> new AtomicInteger()).incrementAndGet();
        c.micros.add(nanos / 1000);
    }

    /** How often each answer to {@code call} came so far (empty when it was never made). */
    Map<String, Integer> answers(String call) {
        Map<String, Integer> answers = new TreeMap<>();
        Calls c = calls.get(call);
        if (c != null) {
            c.answers.forEach((answer, n) -> answers.put(answer, n.get()));
        }
        return answers;
    }

    /** Prints one row per kind of call (requests, p50, p99, max, answers); a 503 and no answer are counted apart. */
    Totals print() {
        long all = 0;
        long unavailable = 0;
        long unanswered = 0;
        System.out.printf("%-32s %8s %9s %9s %9s  answers%n", "call", "requests", "p50 ms", "p99 ms", "max ms");
        for (Map.Entry<String, Calls> entry : new TreeMap<>(calls).entrySet()) {
            Calls c = entry.getValue();
            List<Long> sorted;
            synchronized (c.micros) {
                sorted = new ArrayList<>(c.micros);
            }
            Collections.sort(sorted);
            Map<String, Integer> answers = new TreeMap<>();
            c.answers.forEach((answer, n) -> answers.put(answer, n.get()));
            System.out.printf(
                    "%-32s %8d %9.1f %9.1f %9.1f  %s%n",
                    entry.getKey(),
                    sorted.size(),
                    quantile(sorted, 0.5),
                    quantile(sorted, 0.99),
                    sorted.isEmpty() ? 0 : sorted.getLast() / 1000.0,
                    answers);
            for (Map.Entry<String, Integer> answer : answers.entrySet()) {
                all += answer.getValue();
                unavailable += answer.getKey().startsWith("503") ? answer.getValue() : 0;
                unanswered += answer.getKey().startsWith("no answer in ")
                                || answer.getKey().startsWith("connection failed")
                        ? answer.getValue()
                        : 0;
            }
        }
        return new Totals(all, unavailable, unanswered);
    }

    private static double quantile(List<Long> sorted, double q) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * q))) / 1000.0;
    }
}
