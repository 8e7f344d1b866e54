package dev.onsale.platform.messaging;

import java.util.List;

/**
 * The topics a service consumes, whose dead-letter topics ({@code <topic>.DLT}) it declares: the listener error
 * handler publishes there a record that can never be applied, so each must exist before that happens (a broker
 * that does not create topics on first use would otherwise refuse the record, and the partition would stop
 * behind it). A service declares one bean of it; {@link KafkaErrorHandlingAutoConfiguration} creates the topics.
 */
public record DeadLetterTopics(List<String> consumed) {

    public DeadLetterTopics {
        consumed = List.copyOf(consumed);
    }

    public static DeadLetterTopics of(String... consumed) {
        return new DeadLetterTopics(List.of(consumed));
    }

    /** The dead-letter topics themselves. */
    public List<String> names() {
        return consumed.stream()
                .map(topic -> topic + KafkaErrorHandlingAutoConfiguration.DEAD_LETTER_SUFFIX)
                .toList();
    }
}
