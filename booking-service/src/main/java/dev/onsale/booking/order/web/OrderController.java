package dev.onsale.booking.order.web;

import dev.onsale.booking.order.BuyerOrders;
import dev.onsale.common.problem.Answers;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.Buyer;
import dev.onsale.platform.web.ProblemException;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** A buyer's own orders. Unknown ids, unparsable ids and other sessions' orders are all the same 404. */
@RestController
@RequestMapping("/api/orders")
class OrderController {

    private final BuyerOrders orders;

    OrderController(BuyerOrders orders) {
        this.orders = orders;
    }

    @Answers(problems = ProblemType.ORDER_NOT_FOUND)
    @GetMapping("/{orderId}")
    OrderView get(@PathVariable String orderId, Buyer buyer) {
        UUID id = parse(orderId);
        return orders.find(id, buyer.sessionId()).map(OrderView::of).orElseThrow(() -> notFound(orderId));
    }

    /** 204 once the order is CANCELLED (also when it already was); 409 if it is past being cancelled. */
    @Answers(
            value = 204,
            problems = {ProblemType.ORDER_NOT_FOUND, ProblemType.ORDER_NOT_CANCELLABLE})
    @DeleteMapping("/{orderId}")
    ResponseEntity<Void> cancel(@PathVariable String orderId, Buyer buyer) {
        return switch (orders.cancel(parse(orderId), buyer.sessionId())) {
            case CANCELLED, ALREADY_CANCELLED -> ResponseEntity.noContent().build();
            case NOT_FOUND -> throw notFound(orderId);
            case NOT_CANCELLABLE ->
                throw new ProblemException(ProblemType.ORDER_NOT_CANCELLABLE, "only a HELD order can be cancelled");
        };
    }

    private static UUID parse(String orderId) {
        try {
            return UUID.fromString(orderId);
        } catch (IllegalArgumentException e) {
            throw notFound(orderId);
        }
    }

    private static ProblemException notFound(String orderId) {
        return new ProblemException(ProblemType.ORDER_NOT_FOUND, "no order " + orderId);
    }
}
