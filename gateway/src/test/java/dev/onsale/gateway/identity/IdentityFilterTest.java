package dev.onsale.gateway.identity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;

class IdentityFilterTest {

    @Test
    void everyClientSentOnsaleHeaderIsStrippedWhateverItsCase() {
        HttpHeaders headers = new HttpHeaders();
        headers.add("X-Onsale-Buyer", "someone");
        headers.add("x-onsale-role", "admin");
        headers.add("X-ONSALE-ANYTHING", "x");
        headers.add("X-Correlation-Id", "abcdefgh");
        headers.add("Onsale-Signature", "t=1,v1=ab");
        IdentityFilter.stripReserved(headers);
        assertThat(headers.headerNames()).containsExactlyInAnyOrder("X-Correlation-Id", "Onsale-Signature");
    }

    @Test
    void pathsThatCouldBeReinterpretedUpstreamAreNotCanonical() {
        assertThat(IdentityFilter.isCanonical("/api/events/e1/seats")).isTrue();
        assertThat(IdentityFilter.isCanonical("/api/events/")).isTrue();
        assertThat(IdentityFilter.isCanonical("/api/events/../orders/o1")).isFalse();
        assertThat(IdentityFilter.isCanonical("/api/events/e1/..")).isFalse();
        assertThat(IdentityFilter.isCanonical("/api/events/..;/orders/o1/seats"))
                .isFalse();
        assertThat(IdentityFilter.isCanonical("/api/events/x%2F..%2Forders/seats"))
                .isFalse();
        assertThat(IdentityFilter.isCanonical("/api/events/%2e%2e/orders")).isFalse();
        assertThat(IdentityFilter.isCanonical("//api/orders/o1")).isFalse();
    }
}
