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
 * @param restEvery how often an event whose line was empty at its last stroke is stroked while its line stays empty
 *                 (it is stroked in the round after someone joins it in any case): it keeps its measured admission
 *                 rate and its expired admissions up to date, so that a round does not cost one pump script for
 *                 every event ever sold
 */
@ConfigurationProperties("onsale.queue.schedule")
record ScheduleProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("200ms") Duration interval,
        @DefaultValue("5s") Duration restEvery) {}
