package dev.onsale.queue.schedule;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The waiting room's clock.
 *
 * @param enabled  whether this replica opens waiting rooms on time and pumps admissions (any number
 *                 of replicas may; all of it is safe to run concurrently)
 * @param interval pause between two rounds over every known event (opening check, then one pump stroke)
 */
@ConfigurationProperties("onsale.queue.schedule")
record ScheduleProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("200ms") Duration interval) {}
