package dev.onsale.sandbox.api.web;

import dev.onsale.sandbox.api.Traffic;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Lets a test check a client's pacing as the acquirer saw it: counts per fixed epoch second. */
@RestController
class TrafficController {

    private final Traffic traffic;

    TrafficController(Traffic traffic) {
        this.traffic = traffic;
    }

    @GetMapping("/v1/sandbox/traffic")
    Map<String, Map<Long, Long>> traffic() {
        return Map.of(
                "acceptedPerSecond", traffic.acceptedPerSecond(), "rejectedPerSecond", traffic.rejectedPerSecond());
    }
}
