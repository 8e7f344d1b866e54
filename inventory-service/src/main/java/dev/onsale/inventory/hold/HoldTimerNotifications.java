package dev.onsale.inventory.hold;

import dev.onsale.inventory.InventoryKeys;
import dev.onsale.platform.redis.RedisClients;
import dev.onsale.platform.redis.RedisSettings;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.UnifiedJedis;

/**
 * Relays the expiry of hold timers ({@code __keyevent@*__:expired} for keys
 * {@code inventory:{*}:hold-timer:*}) as HoldTimerExpired, over one dedicated subscribed connection
 * per Redis node that is re-established after it drops. Notifications are fire-and-forget: one sent
 * while this replica was not subscribed is lost, which booking's sweeper covers. Every replica subscribes;
 * the timer-expired script lets only one of them append per order.
 * <p>
 * Keyspace notifications are node-local: in a Redis Cluster each master announces only the keys of its
 * own slots, so this subscribes to every node the cluster client knew of at {@link #start()} (masters and
 * replicas: a replica announces nothing, a duplicate is harmless). A node added to the cluster later is
 * subscribed to after the next {@link #stop()} and {@link #start()}; until then booking's sweeper expires its
 * orders. Every node needs {@code notify-keyspace-events Ex}.
 * <p>
 * Starts with the application if {@code onsale.holds.timer-notifications.enabled}; {@link #stop()}
 * and {@link #start()} may be called at any time.
 */
@Component
public class HoldTimerNotifications implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(HoldTimerNotifications.class);
    private static final String EXPIRED_EVENTS = "__keyevent@*__:expired";
    private static final int CONNECT_TIMEOUT_MS = 2000;

    private final Gate gate;
    private final UnifiedJedis jedis;
    private final RedisSettings redis;
    private final HoldsProperties.TimerNotifications settings;
    private final Clock clock;
    private final Object lock = new Object();
    private volatile boolean running;
    private List<Listener> listeners = List.of();

    HoldTimerNotifications(
            Gate gate, UnifiedJedis jedis, RedisSettings redis, HoldsProperties properties, Clock clock) {
        this.gate = gate;
        this.jedis = jedis;
        this.clock = clock;
        this.redis = redis;
        this.settings = properties.timerNotifications();
    }

    @Override
    public void start() {
        synchronized (lock) {
            if (running) {
                return;
            }
            running = true;
            listeners = nodes().stream().map(Listener::new).toList();
            listeners.forEach(Listener::start);
        }
    }

    @Override
    public void stop() {
        List<Listener> stopping;
        synchronized (lock) {
            if (!running) {
                return;
            }
            running = false;
            stopping = listeners;
        }
        stopping.forEach(Listener::close);
        for (Listener listener : stopping) {
            listener.join(settings.reconnectBackoff().toMillis() + CONNECT_TIMEOUT_MS + 1000);
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public boolean isAutoStartup() {
        return settings.enabled();
    }

    /** Whether the subscription to every node is established right now (notifications are being received). */
    public boolean subscribed() {
        List<Listener> current = listeners;
        return !current.isEmpty() && current.stream().allMatch(Listener::subscribed);
    }

    /** How to open one subscriber connection per node: the URL's server, or every node the cluster client knows. */
    private List<Supplier<Jedis>> nodes() {
        if (jedis instanceof JedisCluster cluster) {
            JedisClientConfig config = RedisClients.clientConfig(redis, Duration.ZERO);
            return cluster.getClusterNodes().keySet().stream()
                    .map(HostAndPort::from)
                    .<Supplier<Jedis>>map(node -> () -> new Jedis(node, config))
                    .toList();
        }
        return List.of(() -> new Jedis(URI.create(redis.url()), CONNECT_TIMEOUT_MS, 0));
    }

    private void expired(String key) {
        InventoryKeys.parseHoldTimer(key).ifPresent(timer -> {
            try {
                gate.timerExpired(timer.eventId(), timer.orderId(), clock.instant());
            } catch (RuntimeException e) {
                log.warn(
                        "could not relay the expiry of {}; booking's sweeper will expire the order: {}",
                        key,
                        e.toString());
            }
        });
    }

    /** One node's subscription, on a thread of its own that re-subscribes until {@link #close()}. */
    private final class Listener {

        private final Supplier<Jedis> connect;
        private volatile Subscription subscription;
        private Thread thread;

        Listener(Supplier<Jedis> connect) {
            this.connect = connect;
        }

        void start() {
            thread = Thread.ofPlatform()
                    .name("hold-timer-notifications")
                    .daemon()
                    .start(this::loop);
        }

        boolean subscribed() {
            Subscription current = subscription;
            return current != null && current.isSubscribed();
        }

        void close() {
            Subscription current = subscription;
            if (current != null) {
                current.close();
            }
        }

        void join(long millis) {
            try {
                thread.join(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void loop() {
            while (running) {
                try (Jedis connection = connect.get()) {
                    Subscription current = new Subscription(connection);
                    subscription = current;
                    if (!running) {
                        break;
                    }
                    connection.psubscribe(current, EXPIRED_EVENTS);
                } catch (RuntimeException e) {
                    if (running) {
                        log.warn(
                                "hold timer notifications lost their connection; re-subscribing in {}: {}",
                                settings.reconnectBackoff(),
                                e.toString());
                    }
                } finally {
                    subscription = null;
                }
                pause();
            }
        }

        private void pause() {
            if (!running) {
                return;
            }
            try {
                Thread.sleep(settings.reconnectBackoff());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = false;
            }
        }
    }

    private final class Subscription extends JedisPubSub {

        private final Jedis connection;

        Subscription(Jedis connection) {
            this.connection = connection;
        }

        @Override
        public void onPMessage(String pattern, String channel, String message) {
            expired(message);
        }

        void close() {
            try {
                if (isSubscribed()) {
                    punsubscribe();
                }
            } catch (RuntimeException ignored) {
                // the connection is closed next; the loop ends either way
            }
            connection.disconnect();
        }
    }
}
