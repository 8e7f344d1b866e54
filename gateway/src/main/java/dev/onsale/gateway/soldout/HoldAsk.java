package dev.onsale.gateway.soldout;

import dev.onsale.common.SeatIds;
import java.util.HashSet;
import java.util.Set;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads how many seats a hold's body asks for, when it is one the gate would take: exactly {@code {"quantity": n}}
 * with a whole n of at least 1, or exactly {@code {"seatIds": [...]}} with at least one seat id, each well formed and
 * none twice. Anything else (another field, a field twice, a number written as text or with a fraction, a null,
 * content after the object) is left to inventory-service, which answers it 400 as the contract says: the edge answers
 * only what the gate would have answered sold-out, and a body the gate never sees is never answered here.
 */
final class HoldAsk {

    /** What {@link #seats} says of a body the edge leaves to inventory-service. */
    static final int NOT_READ = -1;

    private HoldAsk() {}

    /** How many seats {@code body} asks for, or {@link #NOT_READ}. */
    static int seats(JsonMapper json, byte[] body) {
        try (JsonParser parser = json.createParser(body)) {
            if (parser.nextToken() != JsonToken.START_OBJECT || parser.nextToken() != JsonToken.PROPERTY_NAME) {
                return NOT_READ;
            }
            int seats = switch (parser.currentName()) {
                case "quantity" -> quantity(parser);
                case "seatIds" -> seatIds(parser);
                default -> NOT_READ;
            };
            if (seats == NOT_READ || parser.nextToken() != JsonToken.END_OBJECT || parser.nextToken() != null) {
                return NOT_READ;
            }
            return seats;
        } catch (RuntimeException unreadable) {
            return NOT_READ;
        }
    }

    private static int quantity(JsonParser parser) {
        if (parser.nextToken() != JsonToken.VALUE_NUMBER_INT) {
            return NOT_READ;
        }
        long quantity = parser.getLongValue();
        return quantity >= 1 && quantity <= Integer.MAX_VALUE ? (int) quantity : NOT_READ;
    }

    private static int seatIds(JsonParser parser) {
        if (parser.nextToken() != JsonToken.START_ARRAY) {
            return NOT_READ;
        }
        Set<String> seats = new HashSet<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            if (token != JsonToken.VALUE_STRING) {
                return NOT_READ;
            }
            String seat = parser.getString();
            if (!SeatIds.PATTERN.matcher(seat).matches() || !seats.add(seat)) {
                return NOT_READ;
            }
        }
        return seats.isEmpty() ? NOT_READ : seats.size();
    }
}
