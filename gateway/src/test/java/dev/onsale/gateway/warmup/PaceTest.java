package dev.onsale.gateway.warmup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class PaceTest {

    @Test
    void callersOnManyThreadsGetSlotsNoCloserThanTheRateAllows() throws Exception {
        Pace pace = new Pace(200);
        int calls = 101;
        long started = System.nanoTime();
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            List<Future<?>> running = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                running.add(threads.submit(() -> {
                    pace.await();
                    return null;
                }));
            }
            for (Future<?> call : running) {
                call.get();
            }
        }
        // the first slot is now, the 101st 100 intervals of 5 ms later
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isGreaterThanOrEqualTo(500);
    }

    @Test
    void hostOfAWildcardBindIsLoopbackAndOfASpecificAddressThatAddress() throws Exception {
        assertThat(WarmUp.hostOf(null)).isEqualTo("127.0.0.1");
        assertThat(WarmUp.hostOf("0.0.0.0")).isEqualTo("127.0.0.1");
        assertThat(WarmUp.hostOf("::")).isEqualTo("127.0.0.1");
        assertThat(WarmUp.hostOf("127.0.0.1")).isEqualTo("127.0.0.1");
        assertThat(WarmUp.hostOf("::1")).isEqualTo("[0:0:0:0:0:0:0:1]");
    }
}
