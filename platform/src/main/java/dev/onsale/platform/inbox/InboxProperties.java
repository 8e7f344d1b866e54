package dev.onsale.platform.inbox;

import java.util.regex.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where a service records the messages it has processed; setting {@code onsale.inbox.schema} switches it on.
 *
 * @param schema schema of the processed-messages table (the service's own)
 * @param table table of processed message ids inside the schema
 */
@ConfigurationProperties("onsale.inbox")
public record InboxProperties(
        String schema, @DefaultValue("processed_messages") String table) {

    private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    public InboxProperties {
        for (String name : new String[] {schema, table}) {
            if (name == null || !IDENTIFIER.matcher(name).matches()) {
                throw new IllegalArgumentException(
                        "onsale.inbox schema and table must be lower-case SQL identifiers, were " + schema + "."
                                + table);
            }
        }
    }

    /** {@code schema.table}. */
    public String qualifiedTable() {
        return schema + "." + table;
    }
}
