package dev.onsale.benchmarks;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.stream.IntStream;
import tools.jackson.databind.JsonNode;

/**
 * A run's buyers as they arrive through the gateway: a session each, all created at once, then — for an event —
 * everyone joining its waiting room (caps lifted so that all are admitted) and polling until ADMITTED. Buyer
 * {@code i}'s session and admission token stay at index {@code i}.
 */
final class Crowd {

    private static final Duration TIMEOUT = GatewayClient.TIMEOUT;

    private final GatewayClient client;
    private final String[] sessions;
    private final String[] admissions;

    Crowd(GatewayClient client, int buyers) {
        this.client = client;
        this.sessions = new String[buyers];
        this.admissions = new String[buyers];
    }

    int size() {
        return sessions.length;
    }

    String session(int i) {
        return sessions[i];
    }

    String admission(int i) {
        return admissions[i];
    }

    /** Every buyer's session token, by buyer. */
    String[] sessions() {
        return sessions.clone();
    }

    /** Creates every buyer's session at once; throws unless every one was created. */
    Latencies createSessions() throws InterruptedException {
        Latencies created = Phase.run("POST /api/sessions", size(), i -> {
            HttpResponse<String> response = client.send(client.post("/api/sessions", null, null, "{}"));
            if (response.statusCode() == 201) {
                sessions[i] = client.json(response).get("sessionToken").asString();
            }
            return Integer.toString(response.statusCode());
        });
        requireAll(created, size(), "201", "sessions");
        return created;
    }

    /** Lifts the event's caps for this crowd, then joins everyone and polls until ADMITTED or {@link #TIMEOUT}. */
    Latencies admit(UUID eventId) throws IOException, InterruptedException {
        client.liftAdmissionCaps(eventId, size());
        client.awaitQueueKnows(eventId, sessions[0]);
        Latencies admitted = Phase.run("join + poll until ADMITTED", size(), i -> {
            admissions[i] = admit(client, eventId, sessions[i]);
            return admissions[i] != null ? "ADMITTED" : "not admitted in time";
        });
        if (admitted().length < size()) {
            System.out.printf(
                    "only %d of %d buyers were admitted within %d s; the next phase uses those%n",
                    admitted().length, size(), TIMEOUT.toSeconds());
        }
        return admitted;
    }

    /** The buyers holding an admission token, in buyer order. */
    int[] admitted() {
        return IntStream.range(0, size()).filter(i -> admissions[i] != null).toArray();
    }

    /**
     * Joins the event's waiting room and polls as told until ADMITTED: the admission token, null if not within
     * {@link #TIMEOUT}. A join answered 429 or 503 is made again after its {@code Retry-After}, as the waiting page
     * does: a buyer whose join was shed during the burst is still in the crowd, not stuck polling a line it never
     * joined.
     */
    static String admit(GatewayClient client, UUID eventId, String session) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        HttpResponse<String> joined = client.send(client.post("/api/queue/" + eventId + "/join", session, null, "{}"));
        while (joined.statusCode() == 429 || joined.statusCode() == 503) {
            if (System.nanoTime() > deadline) {
                return null;
            }
            Thread.sleep(GatewayClient.retryAfterSeconds(joined) * 1_000);
            joined = client.send(client.post("/api/queue/" + eventId + "/join", session, null, "{}"));
        }
        JsonNode status = client.json(joined);
        while (!status.path("status").asString("").equals("ADMITTED")) {
            if (System.nanoTime() > deadline) {
                return null;
            }
            Thread.sleep(
                    Math.min(2_000, Math.max(200, status.path("pollAfterMs").asLong(1_000))));
            HttpResponse<String> response = client.send(client.get("/api/queue/" + eventId + "/status", session));
            if (response.statusCode() != 200) {
                continue;
            }
            status = client.json(response);
        }
        return status.path("admissionToken").asString();
    }

    static void requireAll(Latencies phase, int expected, String outcome, String what) {
        if (phase.count(outcome) < expected) {
            throw new IllegalStateException("not every buyer got through " + what + ": " + phase.report());
        }
    }
}
