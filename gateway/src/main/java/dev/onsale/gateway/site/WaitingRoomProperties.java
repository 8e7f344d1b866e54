package dev.onsale.gateway.site;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The static waiting room pages the gateway serves (a CDN may serve them too).
 *
 * @param nextUrl     where the waiting page goes once admitted; {@code {eventId}} is replaced by the event's id
 * @param pageMaxAge  how long browsers and CDNs may keep the pages; short, since a page names the current assets
 * @param assetMaxAge how long the fingerprinted assets may be kept; a new content gets a new name
 */
@ConfigurationProperties("onsale.waiting-room")
public record WaitingRoomProperties(
        @DefaultValue("/events/{eventId}/admitted") String nextUrl,
        @DefaultValue("5s") Duration pageMaxAge,
        @DefaultValue("365d") Duration assetMaxAge) {

    public WaitingRoomProperties {
        if (nextUrl == null || !nextUrl.startsWith("/") || nextUrl.startsWith("//")) {
            throw new IllegalArgumentException(
                    "onsale.waiting-room.next-url must be a path on this site, e.g. " + "/events/{eventId}/admitted");
        }
    }
}
