import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/** Stands in for the engines jar: two `sleep` processes play postgres and redis-server. */
public class StubEngines {
    public static void main(String[] args) throws Exception {
        Map<String, String> options = new HashMap<>();
        for (String arg : args) {
            options.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
        }
        Process postgres = new ProcessBuilder("sleep", "300").start();
        Process redis = new ProcessBuilder("sleep", "300").start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            postgres.destroy();
            redis.destroy();
        }));
        var ready = new Properties();
        ready.setProperty("ONSALE_KAFKA_BOOTSTRAP", "localhost:1");
        ready.setProperty("ONSALE_DB_URL", "jdbc:postgresql://localhost:2/onsale");
        ready.setProperty("ONSALE_DB_USER", "postgres");
        ready.setProperty("ONSALE_DB_PASSWORD", "");
        ready.setProperty("ONSALE_REDIS_URL", "redis://127.0.0.1:3");
        ready.setProperty("pid", String.valueOf(ProcessHandle.current().pid()));
        ready.setProperty("postgresPid", String.valueOf(postgres.pid()));
        ready.setProperty("redisPid", String.valueOf(redis.pid()));
        Path file = Path.of(options.get("ready-file"));
        Path tmp = file.resolveSibling("ready.tmp");
        try (var out = Files.newBufferedWriter(tmp)) {
            ready.store(out, null);
        }
        Files.move(tmp, file);
        Thread.currentThread().join();
    }
}
