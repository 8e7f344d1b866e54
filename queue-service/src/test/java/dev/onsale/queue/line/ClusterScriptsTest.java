package dev.onsale.queue.line;

import static org.assertj.core.api.Assertions.assertThat;

import dev.onsale.common.events.SaleState;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.testing.RedisServers;
import dev.onsale.platform.web.ProblemException;
import dev.onsale.queue.TestRooms;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * place.lua through {@link WaitingRoom} (join, status, and the pipelined joinAll) on a real 3-node cluster: every
 * answer of an event's waiting room, from the pre-queue through the seal, an admission and the sold-out latch, as on
 * one server.
 */
class ClusterScriptsTest {

    private static final JedisPooled single = RedisServers.single();
    private static final JedisCluster cluster = RedisServers.cluster();

    private static final UUID A = UUID.fromString("00000000-0000-0000-0000-0000000000a1");
    private static final UUID B = UUID.fromString("00000000-0000-0000-0000-0000000000a2");
    private static final UUID C = UUID.fromString("00000000-0000-0000-0000-0000000000a3");
    private static final UUID D = UUID.fromString("00000000-0000-0000-0000-0000000000a4");
    private static final UUID E = UUID.fromString("00000000-0000-0000-0000-0000000000a5");
    private static final UUID STRANGER = UUID.fromString("00000000-0000-0000-0000-0000000000f1");
    private static final Instant OPENS_AT = Instant.parse("2026-05-01T10:00:00Z");

    @Test
    void everyPlaceAnswerOfTheWaitingRoomIsTheSameOnAClusterAsOnOneServer() {
        UUID eventId = UUID.randomUUID();
        UUID admissionId = UUID.randomUUID();
        Instant expiresAt = Instant.ofEpochSecond(Instant.now().getEpochSecond() + 600);

        List<Object> onOne = lineLife(single, eventId, admissionId, expiresAt);
        List<Object> onCluster = lineLife(cluster, eventId, admissionId, expiresAt);

        assertThat(onCluster).isEqualTo(onOne);
        assertThat(onOne)
                .hasSize(11)
                .startsWith(
                        ProblemType.EVENT_NOT_FOUND,
                        place(QueueStatus.NOT_OPEN, 0, 1, 0),
                        place(QueueStatus.NOT_OPEN, 0, 2, 0),
                        place(QueueStatus.NOT_OPEN, 0, 2, 0),
                        ProblemType.NOT_IN_QUEUE,
                        place(QueueStatus.WAITING, 3, 3, 3),
                        List.of(
                                place(QueueStatus.WAITING, 4, 4, 4),
                                place(QueueStatus.WAITING, 5, 5, 5),
                                place(QueueStatus.WAITING, 3, 5, 3)))
                .contains(new Place(QueueStatus.ADMITTED, 0, 0, admissionId, expiresAt, 200, 0, null))
                .endsWith(place(QueueStatus.SOLD_OUT, 0, 0, 0), place(QueueStatus.SOLD_OUT, 0, 0, 0));
    }

    /** One event's joins and polls, as the service makes them; each answer (a place, or a problem), in order. */
    private static List<Object> lineLife(UnifiedJedis jedis, UUID eventId, UUID admissionId, Instant expiresAt) {
        WaitingRoom room = new WaitingRoom(jedis, TestRooms.admissionDefaults());
        List<Object> answers = new ArrayList<>();
        answers.add(problem(() -> room.join(eventId, A)));
        TestRooms.known(jedis, eventId, 10, SaleState.SCHEDULED, OPENS_AT);

        // before the opening: the pre-queue; a session that never joined is not in it
        answers.add(room.join(eventId, A));
        answers.add(room.join(eventId, B));
        answers.add(room.status(eventId, A));
        answers.add(problem(() -> room.status(eventId, STRANGER)));

        // from the seal: the line, behind the pre-queue; a batch of joins, one of them again
        TestRooms.sealed(jedis, eventId, "seed-" + eventId);
        answers.add(room.join(eventId, C));
        answers.add(room.joinAll(eventId, List.of(D, E, C)));

        // an admission wins over the place in line; the sold-out latch over every place
        TestRooms.admitted(jedis, eventId, D, admissionId, expiresAt);
        answers.add(room.status(eventId, D));
        answers.add(room.join(eventId, D));
        TestRooms.soldOut(jedis, eventId);
        answers.add(room.status(eventId, C));
        answers.add(room.join(eventId, STRANGER));
        return answers;
    }

    /** A place as place.lua answers it: only a NOT_OPEN one says when the sale opens. */
    private static Place place(QueueStatus status, long position, long size, long place) {
        return new Place(
                status, position, size, null, null, 200, place, status == QueueStatus.NOT_OPEN ? OPENS_AT : null);
    }

    private static Object problem(Supplier<?> call) {
        try {
            return call.get();
        } catch (ProblemException e) {
            return e.type();
        }
    }
}
