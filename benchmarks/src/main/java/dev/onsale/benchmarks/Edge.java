package dev.onsale.benchmarks;

import dev.onsale.benchmarks.TabClient.Answer;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The CDN that production puts in front of the public progress document, stood in for inside the load generator
 * ({@code --edge=cdn}): the document is the same bytes for every reader, with {@code Cache-Control: public, max-age}
 * and an {@code ETag}, so an edge answers the readers of a second from one copy. A read within {@code max-age} of the
 * copy is answered from it (304 when the tab already has its {@code ETag}); the first read after that asks the
 * gateway, revalidating with {@code If-None-Match}, while the readers of that moment wait for it, as a CDN collapses
 * concurrent misses into one request. The gateway then sees about one progress read per {@code max-age}, however
 * many tabs wait. A fetch that fails (a 503, no answer) is handed to the reader that made it; the others go on being
 * served the last copy for a second (stale-if-error), or, before any copy, make a fetch of their own.
 *
 * <p>Only the requests that reach the gateway are the run's figures; what the edge answered is counted here.
 */
final class Edge {

    /** How long a failed fetch lets readers be served the last copy before the next read asks the gateway again. */
    private static final long STALE_IF_ERROR_NANOS = TimeUnit.SECONDS.toNanos(1);

    /** What the edge did: reads it answered (of them 304s), and its requests to the gateway (of them failed). */
    record Figures(long answered, long notModified, long fetches, long failedFetches) {

        /** The figures in a sentence, for the printed summary and the report's page. */
        String describe() {
            return "the stand-in CDN answered %d progress reads (%d of them 304) and asked the gateway %d times (%d failed)"
                    .formatted(answered, notModified, fetches, failedFetches);
        }
    }

    private final TabClient http;
    private final String path;
    private final TabClient.Tab origin;
    private final ReentrantLock fetching = new ReentrantLock();
    private final LongAdder answered = new LongAdder();
    private final LongAdder notModified = new LongAdder();
    private final LongAdder fetches = new LongAdder();
    private final LongAdder failedFetches = new LongAdder();
    private volatile Copy copy;

    /** The copy the edge serves, and until when (System.nanoTime) it serves it without asking. */
    private record Copy(Answer answer, long freshUntil) {
        boolean fresh() {
            return System.nanoTime() - freshUntil < 0;
        }
    }

    /** An edge for the document at {@code path}, asking the gateway of {@code http} on a connection of its own. */
    Edge(TabClient http, String path) {
        this.http = http;
        this.path = path;
        this.origin = http.open();
    }

    /** Whether {@code --edge} (cdn or none) asks for a stand-in CDN. */
    static boolean named(String given) {
        return switch (given) {
            case "cdn" -> true;
            case "none" -> false;
            default -> throw new IllegalArgumentException("--edge is cdn or none, not " + given);
        };
    }

    /** A tab's read of the document, sending {@code ifNoneMatch} (null: it has no copy). */
    Answer read(String ifNoneMatch) {
        Copy served = copy;
        if (served == null || !served.fresh()) {
            fetching.lock();
            try {
                served = copy;
                if (served == null || !served.fresh()) {
                    Answer fetched = fetch(served);
                    Copy kept = copy;
                    if (kept == null || !kept.fresh() || fetched.status() != 200 && fetched.status() != 304) {
                        return fetched; // nothing to serve, or the failure, for the reader whose fetch it was
                    }
                    served = kept;
                }
            } finally {
                fetching.unlock();
            }
        }
        answered.increment();
        Answer answer = served.answer();
        if (ifNoneMatch != null && ifNoneMatch.equals(answer.etag())) {
            notModified.increment();
            return new Answer(304, null, OptionalLong.empty(), answer.etag(), answer.publicMaxAge());
        }
        return answer;
    }

    Figures figures() {
        return new Figures(answered.sum(), notModified.sum(), fetches.sum(), failedFetches.sum());
    }

    /** Asks the gateway (revalidating {@code stale} when there is one) and keeps what may be kept. */
    private Answer fetch(Copy stale) {
        fetches.increment();
        String etag = stale == null ? null : stale.answer().etag();
        Answer fetched = origin.call(WaitingPage.PROGRESS_CALL, http.get(path, null, etag));
        long now = System.nanoTime();
        if (fetched.status() == 304 && stale != null) {
            long maxAge = fetched.publicMaxAge() >= 0
                    ? fetched.publicMaxAge()
                    : stale.answer().publicMaxAge();
            copy = new Copy(stale.answer(), now + TimeUnit.SECONDS.toNanos(maxAge));
        } else if (fetched.status() == 200 && fetched.publicMaxAge() >= 0) {
            copy = new Copy(fetched, now + TimeUnit.SECONDS.toNanos(fetched.publicMaxAge()));
        } else {
            failedFetches.increment();
            if (stale != null) {
                copy = new Copy(stale.answer(), now + STALE_IF_ERROR_NANOS);
            }
        }
        return fetched;
    }
}
