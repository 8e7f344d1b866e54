package dev.onsale.benchmarks;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every answer and latency of a run, per kind of call; prints them as a table with the run's totals. Thread-safe:
 * read while it is written (a reading sees every answer recorded before it, perhaps some recorded meanwhile).
 */
final class CallFigures {

    /** Totals of a printed table. */
    record Totals(long requests, long unavailable, long unanswered) {}

    /** One kind of call, as the table shows it: its requests, latency quantiles in milliseconds, and its answers. */
    record Step(
            String call,
            long requests,
            double p50Ms,
            double p95Ms,
            double p99Ms,
            double maxMs,
            Map<String, Integer> answers) {}

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

    /** How often each answer came so far, whatever the call. */
    Map<String, Integer> answersOfEveryCall() {
        Map<String, Integer> answers = new TreeMap<>();
        calls.values().forEach(c -> c.answers.forEach((answer, n) -> answers.merge(answer, n.get(), Integer::sum)));
        return answers;
    }

    /** Whether {@code answer} says that none came: the tab's timeout, or no connection. */
    static boolean unanswered(String answer) {
        return answer.startsWith("no answer in ") || answer.startsWith("connection failed");
    }

    /** Every kind of call so far, by name. */
    List<Step> steps() {
        List<Step> steps = new ArrayList<>();
        for (Map.Entry<String, Calls> entry : new TreeMap<>(calls).entrySet()) {
            List<Long> sorted;
            synchronized (entry.getValue().micros) {
                sorted = new ArrayList<>(entry.getValue().micros);
            }
            Collections.sort(sorted);
            steps.add(new Step(
                    entry.getKey(),
                    sorted.size(),
                    quantile(sorted, 0.5),
                    quantile(sorted, 0.95),
                    quantile(sorted, 0.99),
                    sorted.isEmpty() ? 0 : sorted.getLast() / 1000.0,
                    answers(entry.getKey())));
        }
        return steps;
    }

    /** Prints one row per kind of call (requests, p50, p99, max, answers); a 503 and no answer are counted apart. */
    Totals print() {
        long all = 0;
        long unavailable = 0;
        long unanswered = 0;
        System.out.printf("%-32s %8s %9s %9s %9s  answers%n", "call", "requests", "p50 ms", "p99 ms", "max ms");
        for (Step step : steps()) {
            System.out.printf(
                    "%-32s %8d %9.1f %9.1f %9.1f  %s%n",
                    step.call(), step.requests(), step.p50Ms(), step.p99Ms(), step.maxMs(), step.answers());
            for (Map.Entry<String, Integer> answer : step.answers().entrySet()) {
                all += answer.getValue();
                unavailable += answer.getKey().startsWith("503") ? answer.getValue() : 0;
                unanswered += unanswered(answer.getKey()) ? answer.getValue() : 0;
            }
        }
        return new Totals(all, unavailable, unanswered);
    }

    private static double quantile(List<Long> sorted, double q) {
        return sorted.isEmpty() ? 0 : sorted.get(Math.min(sorted.size() - 1, (int) (sorted.size() * q))) / 1000.0;
    }
}
