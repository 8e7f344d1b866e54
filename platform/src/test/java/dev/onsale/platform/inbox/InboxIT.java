package dev.onsale.platform.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.onsale.engines.Engines;
import dev.onsale.engines.junit.EmbeddedEnginesExtension;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.support.TransactionTemplate;

@ExtendWith(EmbeddedEnginesExtension.class)
class InboxIT {

    private JdbcTemplate jdbc;
    private TransactionTemplate tx;
    private Inbox inbox;
    private InboxProperties properties;

    @BeforeEach
    void createTable(Engines engines) {
        var dataSource = new DriverManagerDataSource(engines.jdbcUrl(), engines.jdbcUser(), engines.jdbcPassword());
        jdbc = new JdbcTemplate(dataSource);
        tx = new TransactionTemplate(new DataSourceTransactionManager(dataSource));
        String schema =
                "inbox_it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        jdbc.execute("CREATE SCHEMA " + schema);
        jdbc.execute("CREATE TABLE " + schema + ".processed_messages (consumer text NOT NULL, message_id uuid NOT NULL,"
                + " processed_at timestamptz NOT NULL, PRIMARY KEY (consumer, message_id))");
        properties = new InboxProperties(schema, "processed_messages");
        inbox = new Inbox(jdbc, properties);
    }

    @Test
    void aMessageIsFirstDeliveredOnceAndEveryRepeatIsADuplicate() {
        UUID messageId = UUID.randomUUID();

        assertThat(deliver(() -> inbox.firstDelivery("orders", messageId))).isTrue();
        assertThat(deliver(() -> inbox.firstDelivery("orders", messageId))).isFalse();
        assertThat(deliver(() -> inbox.firstDelivery("orders", messageId))).isFalse();
    }

    @Test
    void consumersDedupeIndependently() {
        UUID messageId = UUID.randomUUID();

        assertThat(deliver(() -> inbox.firstDelivery("orders", messageId))).isTrue();
        assertThat(deliver(() -> inbox.firstDelivery("refunds", messageId))).isTrue();
    }

    @Test
    void aDeliveryWhoseTransactionRolledBackIsStillAFirstDeliveryNextTime() {
        UUID messageId = UUID.randomUUID();

        tx.executeWithoutResult(s -> {
            inbox.firstDelivery("orders", messageId);
            s.setRollbackOnly();
        });

        assertThat(deliver(() -> inbox.firstDelivery("orders", messageId))).isTrue();
    }

    private boolean deliver(java.util.function.BooleanSupplier delivery) {
        return Boolean.TRUE.equals(tx.execute(s -> delivery.getAsBoolean()));
    }

    @Test
    void recordingOutsideATransactionFailsLoudly() {
        assertThatThrownBy(() -> inbox.firstDelivery("orders", UUID.randomUUID()))
                .isInstanceOf(IllegalTransactionStateException.class);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM " + properties.qualifiedTable(), Long.class))
                .isZero();
    }
}
