package dev.onsale.gateway.halt;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.gateway.problem.Problem;
import dev.onsale.gateway.problem.ProblemException;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the gateway answers buyers of a halted sale.
 *
 * @param retryAfter the Retry-After of 503 sale-halted: a halt is an operator's decision, not a blip
 */
@ConfigurationProperties("onsale.sale-halt")
public record SaleHaltProperties(@DefaultValue("30s") Duration retryAfter) {

    /** What a buyer's call on a halted sale is answered: 503 {@code sale-halted} with {@link #retryAfter()}. */
    public ProblemException refusal() {
        return Problem.retryable(
                        ProblemType.SALE_HALTED, "the organiser stopped this sale; nothing was taken", retryAfter)
                .toException();
    }
}
