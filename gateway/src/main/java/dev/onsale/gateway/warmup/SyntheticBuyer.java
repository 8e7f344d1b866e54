package dev.onsale.gateway.warmup;

import dev.onsale.common.token.AdmissionToken;
import dev.onsale.common.token.AdmissionTokenCodec;
import dev.onsale.common.token.SessionToken;
import dev.onsale.common.token.SessionTokenCodec;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One walk of the buyer's hot paths, as the waiting page and checkout make them, against an event that does
 * not exist: session, an arrival (a session that joins), status, progress, availability, a hold with an admission
 * token, an order read.
 * Every call goes through the whole filter chain and, but for the session and the progress document, on to
 * its service, which answers 404 having changed nothing (no event, so no line, no gate record, no order).
 * The admission token is minted with the gateway's own admission key for that event only, so the hold is
 * forwarded as a real one is; no other event accepts it.
 */
final class SyntheticBuyer {

    private static final Pattern SESSION_TOKEN = Pattern.compile("\"sessionToken\"\\s*:\\s*\"([^\"]+)\"");
    private static final Duration ADMISSION_LIFETIME = Duration.ofMinutes(1);

    private final HttpClient client;
    private final URI base;
    private final UUID absentEvent;
    private final SessionTokenCodec sessions;
    private final AdmissionTokenCodec admissions;
    private final Clock clock;
    private final Duration requestTimeout;
    private final Pace pace;
    private final Map<Integer, LongAdder> answersByStatus = new ConcurrentHashMap<>();
    private final LongAdder failures = new LongAdder();

    SyntheticBuyer(
            HttpClient client,
            URI base,
            UUID absentEvent,
            SessionTokenCodec sessions,
            AdmissionTokenCodec admissions,
            Clock clock,
            Duration requestTimeout,
            Pace pace) {
        this.client = client;
        this.base = base;
        this.absentEvent = absentEvent;
        this.sessions = sessions;
        this.admissions = admissions;
        this.clock = clock;
        this.requestTimeout = requestTimeout;
        this.pace = pace;
    }

    /** Walks once; returns false when the gateway gave no session (the rest of the walk needs one). */
    boolean walk() throws InterruptedException {
        String created = send(request("/api/sessions").POST(HttpRequest.BodyPublishers.ofString("{}")));
        Matcher token = created == null ? null : SESSION_TOKEN.matcher(created);
        Optional<SessionToken> session =
                token != null && token.find() ? sessions.verify(token.group(1), clock.instant()) : Optional.empty();
        if (session.isEmpty()) {
            return false;
        }
        String bearer = "Bearer " + token.group(1);
        String event = "/api/queue/" + absentEvent;
        // the arrival's join (a session created for the event joins it in the same call), as the waiting page arrives
        send(request("/api/sessions")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"eventId\": \"" + absentEvent + "\"}")));
        send(request(event + "/status").header("Authorization", bearer).GET());
        send(request(event + "/progress").GET());
        send(request("/api/events/" + absentEvent + "/availability").GET());
        send(request("/api/events/" + absentEvent + "/holds")
                .header("Authorization", bearer)
                .header("X-Admission-Token", admissionFor(session.get().sessionId()))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"quantity\": 1}")));
        send(request("/api/orders/" + UUID.randomUUID())
                .header("Authorization", bearer)
                .GET());
        return true;
    }

    /** Answers counted by HTTP status, e.g. {404=..., 201=...}. */
    Map<Integer, Long> answersByStatus() {
        Map<Integer, Long> counts = new TreeMap<>();
        answersByStatus.forEach((status, count) -> counts.put(status, count.sum()));
        return counts;
    }

    /** Requests that got no answer (refused connection, timeout). */
    long failures() {
        return failures.sum();
    }

    private String admissionFor(UUID sessionId) {
        return admissions.encode(new AdmissionToken(
                UUID.randomUUID(),
                sessionId,
                absentEvent,
                clock.instant().plus(ADMISSION_LIFETIME).truncatedTo(ChronoUnit.SECONDS)));
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(requestTimeout);
    }

    /** @return the body, or null when no answer came */
    private String send(HttpRequest.Builder request) throws InterruptedException {
        pace.await();
        try {
            HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
            answersByStatus
                    .computeIfAbsent(response.statusCode(), status -> new LongAdder())
                    .increment();
            return response.body();
        } catch (IOException e) {
            failures.increment();
            return null;
        }
    }
}
