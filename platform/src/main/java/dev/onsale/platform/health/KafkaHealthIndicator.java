package dev.onsale.platform.health;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/** The Kafka cluster answers a metadata request within the timeout and has at least one broker. */
final class KafkaHealthIndicator extends AbstractHealthIndicator implements DisposableBean {

    private final Admin admin;
    private final Duration timeout;

    KafkaHealthIndicator(Map<String, Object> adminConfig, Duration timeout) {
        super("Kafka is unreachable");
        this.admin = Admin.create(adminConfig);
        this.timeout = timeout;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws Exception {
        int ms = (int) timeout.toMillis();
        int brokers = admin.describeCluster(new DescribeClusterOptions().timeoutMs(ms))
                .nodes()
                .get(ms, TimeUnit.MILLISECONDS)
                .size();
        (brokers > 0 ? builder.up() : builder.down()).withDetail("brokers", brokers);
    }

    @Override
    public void destroy() {
        admin.close(Duration.ofSeconds(1));
    }
}
