package dev.onsale.platform.outbox;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.platform.messaging.EventJson;
import java.time.Clock;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.IllegalTransactionStateException;

class OutboxTest {

    record Nothing(UUID id) {}

    @Test
    void appendingOutsideATransactionFailsLoudlyInsteadOfWritingAlone() {
        var outbox = new Outbox(
                new JdbcTemplate(),
                EventJson.standard(),
                new OutboxProperties(
                        "svc",
                        "outbox",
                        "svc_outbox",
                        null,
                        "outbox_offsets",
                        true,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null),
                Clock.systemUTC());

        assertThatThrownBy(() -> outbox.append("topic", "key", new Nothing(UUID.randomUUID())))
                .isInstanceOf(IllegalTransactionStateException.class);
    }

    @Test
    void namesThatAreNotPlainIdentifiersAreRefused() {
        assertThatThrownBy(() -> new OutboxProperties(
                        "svc; drop table x",
                        "outbox",
                        "svc_outbox",
                        null,
                        "outbox_offsets",
                        true,
                        null,
                        null,
                        null,
                        null,
                        null,
                        null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
