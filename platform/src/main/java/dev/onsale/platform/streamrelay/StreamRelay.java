package dev.onsale.platform.streamrelay;

import dev.onsale.platform.messaging.MalformedEnvelopeException;
import dev.onsale.platform.redis.LuaScript;
import dev.onsale.platform.redis.PipelinedReads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.KafkaOperations;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.params.XAutoClaimParams;
import redis.clients.jedis.params.XReadGroupParams;
import redis.clients.jedis.resps.StreamEntry;

/**
 * Moves outbox entries from Redis streams to Kafka, at least once and in stream order.
 * <p>
 * Contract: an entry is acknowledged in the consumer group (and then deleted, if configured) only
 * after Kafka acknowledged its record; until then it stays pending and is claimed and sent again
 * once it has been idle for {@code claim-min-idle} (a failed send, or a replica that crashed
 * mid-send). While a stream has pending entries no newer entry of it is read, and a stream is
 * relayed by one replica at a time (a lease), so no entry overtakes an earlier one; a resend may
 * duplicate a record, which consumers dedupe on {@code eventId}. Entries that are not envelopes
 * are moved to {@code <stream>:dead} and acknowledged, so they never block their stream.
 * <p>
 * Not thread-safe: one loop calls {@link #relayOnce()}.
 */
public final class StreamRelay {

    private static final Logger log = LoggerFactory.getLogger(StreamRelay.class);
    private static final LuaScript ACQUIRE_LEASE = LuaScript.load(StreamRelay.class, "acquire_lease.lua");
    private static final LuaScript RELEASE_LEASE = LuaScript.load(StreamRelay.class, "release_lease.lua");
    private static final StreamEntryID FIRST = new StreamEntryID(0, 0);

    private final UnifiedJedis jedis;
    private final KafkaOperations<String, String> kafka;
    private final StreamRelayProperties properties;
    private final String consumer;
    private final Set<String> groupsCreated = ConcurrentHashMap.newKeySet();
    private final Set<String> leasesHeld = ConcurrentHashMap.newKeySet();

    public StreamRelay(UnifiedJedis jedis, KafkaOperations<String, String> kafka, StreamRelayProperties properties) {
        this.jedis = jedis;
        this.kafka = kafka;
        this.properties = properties;
        this.consumer = properties.consumerName();
    }

    /**
     * One round over every stream: claims what is due again, else reads what is new, and sends it.
     *
     * @return entries Kafka acknowledged in this round
     */
    public int relayOnce() {
        int relayed = 0;
        for (String stream : withEntries(streams())) {
            try {
                relayed += relay(stream);
            } catch (JedisDataException e) {
                groupsCreated.remove(stream);
                log.warn("stream relay skipped {} this round: {}", stream, e.getMessage());
            }
        }
        return relayed;
    }

    /** Gives up this replica's leases, so other replicas take its streams over without waiting. */
    public void releaseLeases() {
        for (String stream : List.copyOf(leasesHeld)) {
            RELEASE_LEASE.run(jedis, List.of(leaseKey(stream)), List.of(consumer));
            leasesHeld.remove(stream);
        }
    }

    /** The consumer name of this replica in every stream's group. */
    public String consumer() {
        return consumer;
    }

    Set<String> streams() {
        Set<String> streams = new LinkedHashSet<>(properties.streams());
        if (!properties.registryKey().isEmpty()) {
            streams.addAll(jedis.smembers(properties.registryKey()));
        }
        return streams;
    }

    /**
     * The streams that may hold something to relay. With {@code delete-relayed} an entry leaves its stream once it is
     * relayed, so an empty stream has nothing pending and is passed over: every stream's length is asked in one
     * pipeline (one round trip a round however many events have streams, not one each). A stream whose length
     * could not be read is kept, and its round reports why.
     */
    private List<String> withEntries(Set<String> streams) {
        if (!properties.deleteRelayed()) {
            return List.copyOf(streams);
        }
        return PipelinedReads.matching(jedis, streams, AbstractPipeline::xlen, length -> length > 0, true);
    }

    private int relay(String stream) {
        if (!holdLease(stream)) {
            return 0;
        }
        ensureGroup(stream);
        List<StreamEntry> due = claimDue(stream);
        if (!due.isEmpty()) {
            return send(stream, due);
        }
        if (jedis.xpending(stream, properties.group()).getTotal() > 0) {
            return 0;
        }
        return send(stream, readNew(stream));
    }

    private boolean holdLease(String stream) {
        Object held = ACQUIRE_LEASE.run(
                jedis,
                List.of(leaseKey(stream)),
                List.of(consumer, Long.toString(properties.lease().toMillis())));
        if (Long.valueOf(1).equals(held)) {
            leasesHeld.add(stream);
            return true;
        }
        leasesHeld.remove(stream);
        return false;
    }

    private void ensureGroup(String stream) {
        if (groupsCreated.contains(stream)) {
            return;
        }
        try {
            jedis.xgroupCreate(stream, properties.group(), FIRST, true);
        } catch (JedisDataException e) {
            if (e.getMessage() == null || !e.getMessage().startsWith("BUSYGROUP")) {
                throw e;
            }
        }
        groupsCreated.add(stream);
    }

    private List<StreamEntry> claimDue(String stream) {
        Map.Entry<StreamEntryID, List<StreamEntry>> claimed = jedis.xautoclaim(
                stream,
                properties.group(),
                consumer,
                properties.claimMinIdle().toMillis(),
                FIRST,
                XAutoClaimParams.xAutoClaimParams().count(properties.batchSize()));
        if (claimed == null || claimed.getValue() == null) {
            return List.of();
        }
        return claimed.getValue().stream()
                .filter(entry -> entry != null && entry.getFields() != null)
                .toList();
    }

    private List<StreamEntry> readNew(String stream) {
        List<Map.Entry<String, List<StreamEntry>>> read = jedis.xreadGroup(
                properties.group(),
                consumer,
                XReadGroupParams.xReadGroupParams().count(properties.batchSize()),
                Map.of(stream, StreamEntryID.XREADGROUP_UNDELIVERED_ENTRY));
        if (read == null || read.isEmpty()) {
            return List.of();
        }
        return read.getFirst().getValue();
    }

    /** Sends in order and acknowledges the longest prefix Kafka has acknowledged. */
    private int send(String stream, List<StreamEntry> entries) {
        if (entries.isEmpty()) {
            return 0;
        }
        List<CompletableFuture<?>> sends = new ArrayList<>(entries.size());
        for (StreamEntry entry : entries) {
            ProducerRecord<String, String> record;
            try {
                record = StreamEntryRecord.of(entry.getFields());
            } catch (MalformedEnvelopeException e) {
                deadLetter(stream, entry, e);
                sends.add(CompletableFuture.completedFuture(null));
                continue;
            }
            try {
                sends.add(kafka.send(record));
            } catch (RuntimeException e) {
                sends.add(CompletableFuture.failedFuture(e));
                break;
            }
        }
        List<StreamEntryID> delivered = new ArrayList<>(sends.size());
        for (int i = 0; i < sends.size(); i++) {
            if (!awaitAck(stream, entries.get(i), sends.get(i))) {
                break;
            }
            delivered.add(entries.get(i).getID());
        }
        acknowledge(stream, delivered);
        return delivered.size();
    }

    private boolean awaitAck(String stream, StreamEntry entry, CompletableFuture<?> send) {
        Duration timeout = properties.sendTimeout();
        try {
            send.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            log.warn(
                    "Kafka did not acknowledge entry {} of {}; it stays pending and is sent again: {}",
                    entry.getID(),
                    stream,
                    String.valueOf(cause));
            return false;
        }
    }

    private void acknowledge(String stream, List<StreamEntryID> delivered) {
        if (delivered.isEmpty()) {
            return;
        }
        StreamEntryID[] ids = delivered.toArray(StreamEntryID[]::new);
        jedis.xack(stream, properties.group(), ids);
        if (properties.deleteRelayed()) {
            jedis.xdel(stream, ids);
        }
    }

    private void deadLetter(String stream, StreamEntry entry, MalformedEnvelopeException e) {
        log.error(
                "stream entry {} of {} is not an envelope; moved to {}: {}",
                entry.getID(),
                stream,
                deadLetterKey(stream),
                e.getMessage());
        Map<String, String> fields = new LinkedHashMap<>(entry.getFields());
        fields.put("sourceId", entry.getID().toString());
        fields.put("error", String.valueOf(e.getMessage()));
        jedis.xadd(deadLetterKey(stream), XAddParams.xAddParams(), fields);
    }

    /** Same hash tag as the stream: one slot in a Redis Cluster. */
    static String leaseKey(String stream) {
        return stream + ":relay-lease";
    }

    static String deadLetterKey(String stream) {
        return stream + ":dead";
    }
}
