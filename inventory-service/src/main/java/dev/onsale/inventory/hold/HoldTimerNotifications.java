package dev.onsale.inventory.hold;

import dev.onsale.inventory.InventoryKeys;
import dev.onsale.platform.redis.RedisSettings;
import java.net.URI;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPubSub;

/**
 * Relays the expiry of hold timers ({@code __keyevent@*__:expired} for keys
 * {@code inventory:{*}:hold-timer:*}) as HoldTimerExpired, over one dedicated subscribed connection
 * that is re-established after it drops. Notifications are fire-and-forget: one sent while this
 * replica was not subscribed is lost, which booking's sweeper covers. Every replica subscribes;
 * the timer-expired script lets only one of them append per order.
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
    private final RedisSettings redis;
    private final HoldsProperties.TimerNotifications settings;
    private final Clock clock;
    private final Object lock = new Object();
    private volatile boolean running;
    private volatile Subscription subscription;
    private Thread thread;

    HoldTimerNotifications(Gate gate, RedisSettings redis, HoldsProperties properties, Clock clock) {
        this.gate = gate;
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
            thread = Thread.ofPlatform()
                    .name("hold-timer-notifications")
                    .daemon()
                    .start(this::loop);
        }
    }

    @Override
    public void stop() {
        Thread stopping;
        synchronized (lock) {
            if (!running) {
                return;
            }
            running = false;
            stopping = thread;
        }
        Subscription current = subscription;
        if (current != null) {
            current.close();
        }
        try {
            stopping.join(settings.reconnectBackoff().toMillis() + CONNECT_TIMEOUT_MS + 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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

    /** Whether the subscription is established right now (notifications are being received). */
    public boolean subscribed() {
        Subscription current = subscription;
        return current != null && current.isSubscribed();
    }

    private void loop() {
        while (running) {
            try (Jedis connection = new Jedis(URI.create(redis.url()), CONNECT_TIMEOUT_MS, 0)) {
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
