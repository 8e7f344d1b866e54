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
    @ValueSource(strings = {
            "LOADING Redis is loading the dataset in memory",
            "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.",
            "READONLY You can't write against a read only replica.",
            "MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.",
            "OOM command not allowed when used memory > 'maxmemory'.",
            "TRYAGAIN Multiple keys request during rehashing of slot",
            "CLUSTERDOWN The cluster is down",
            "NOSCRIPT No matching script. Please use EVAL."})
    void aReplyThatSaysNotNowIsRetriedAsTheListenerSeesIt(String reply) {
        var failure = new ListenerExecutionFailedException("listener failed", new JedisDataException(reply));
        assertThat(RedisErrors.isPermanent(failure)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "ERR Error running script (call to f_x): @user_script:3: release: order record without quantity",
            "WRONGTYPE Operation against a key holding the wrong kind of value",
            "ERR unknown command"})
    void aReplyThatFailsTheSameWayEveryTimeIsPermanent(String reply) {
        assertThat(RedisErrors.isPermanent(new ListenerExecutionFailedException("x", new JedisDataException(reply)))).isTrue();
    }

    @Test
    void jedisSubclassesAreJudgedByTheirReplyToo() {
        assertThat(RedisErrors.isPermanent(new JedisBusyException("BUSY Redis is busy running a script"))).isFalse();
    }

    @Test
    void somethingThatIsNoErrorReplyIsNeverPermanentHere() {
        assertThat(RedisErrors.isPermanent(new JedisConnectionException("connection refused"))).isFalse();
        assertThat(RedisErrors.isPermanent(new IllegalStateException("db away"))).isFalse();
    }
}
