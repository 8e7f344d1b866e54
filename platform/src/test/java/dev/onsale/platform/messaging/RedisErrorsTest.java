package dev.onsale.platform.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.kafka.listener.ListenerExecutionFailedException;
import redis.clients.jedis.exceptions.JedisBusyException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

class RedisErrorsTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "LOADING Redis is loading the dataset in memory",
                "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.",
                "READONLY You can't write against a read only replica.",
                "MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.",
                "OOM command not allowed when used memory > 'maxmemory'.",
                "MISCONF Errors writing to the AOF file: No space left on device",
                "TRYAGAIN Multiple keys request during rehashing of slot",
                "CLUSTERDOWN The cluster is down",
                "NOAUTH Authentication required.",
                "WRONGPASS invalid username-password pair or user is disabled.",
                "NOSCRIPT No matching script. Please use EVAL."
            })
    void aReplyThatSaysNotNowIsRetriedAsTheListenerSeesIt(String reply) {
        var failure = new ListenerExecutionFailedException("listener failed", new JedisDataException(reply));
        assertThat(RedisErrors.classify(failure))
                .isInstanceOf(RedisErrors.TransientReply.class)
                .hasRootCauseMessage(reply);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "release: order record without quantity",
                "ERR release: unknown mode or bad record TTL",
                "ERR Error running script (call to f_1a2b): @user_script:3: attempt to compare nil with number",
                "WRONGTYPE Operation against a key holding the wrong kind of value"
            })
    void aReplyThatFailsTheSameWayEveryTimeIsPermanent(String reply) {
        var failure = new ListenerExecutionFailedException("x", new JedisDataException(reply));
        assertThat(RedisErrors.classify(failure)).isInstanceOf(RedisErrors.PermanentReply.class);
    }

    @Test
    void aRecordWhoseFailureTurnsFromTransientToPermanentIsJudgedAfreshBecauseTheClassChanges() {
        Exception loading =
                RedisErrors.classify(new JedisDataException("LOADING Redis is loading the dataset in memory"));
        Exception refused = RedisErrors.classify(new JedisDataException("place: malformed seat id"));
        assertThat(loading.getClass()).isNotEqualTo(refused.getClass());
    }

    @Test
    void jedisSubclassesAreJudgedByTheirReplyToo() {
        assertThat(RedisErrors.classify(new JedisBusyException("BUSY Redis is busy running a script")))
                .isInstanceOf(RedisErrors.TransientReply.class);
    }

    @Test
    void somethingThatIsNoErrorReplyIsLeftAsItIs() {
        var away = new JedisConnectionException("connection refused");
        var other = new IllegalStateException("db away");
        assertThat(RedisErrors.classify(away)).isSameAs(away);
        assertThat(RedisErrors.classify(other)).isSameAs(other);
    }
}
