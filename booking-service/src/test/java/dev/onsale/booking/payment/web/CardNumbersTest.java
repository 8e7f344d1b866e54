package dev.onsale.booking.payment.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CardNumbersTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "4111111111111111",
                "4111 1111 1111 1111",
                "4111-1111-1111-1111",
                "4111 - 1111 - 1111 - 1111",
                "5555555555554444",
                "378282246310005",
                "6011111111111117",
                "4222222222222",
                "4000056655665556",
                "tok_4111111111111111",
                "card:4111111111111111;",
                "-4111111111111111",
                "4111 1111 1111 1111 123",
                "6304000000000000018"
            })
    void luhnValidRunsOfThirteenToNineteenDigitsAreCardNumbers(String text) {
        assertThat(CardNumbers.containsOne(text)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "4111111111111112",
                "411111111111",
                "tok_visa",
                "12345678901234567890123",
                "4111 1111 1111 111",
                "2026-12-01T10:00:00Z",
                "4111    1111 1111 1111",
                "123e4567-e89b-12d3-a456-426614174000",
                "4111.1111.1111.1111",
                "4111,1111,1111,1111",
                ""
            })
    void otherDigitsAreNotCardNumbers(String text) {
        assertThat(CardNumbers.containsOne(text)).isFalse();
    }

    @Test
    void randomUuidsUsedAsIdempotencyKeysAreNeverCardNumbers() {
        var random = new java.util.Random(20261201);
        var flagged = new java.util.ArrayList<String>();
        for (int i = 0; i < 200_000; i++) {
            String key = new java.util.UUID(random.nextLong(), random.nextLong()).toString();
            if (CardNumbers.inIdempotencyKey(key)) {
                flagged.add(key);
            }
        }
        assertThat(flagged).isEmpty();
        assertThat(CardNumbers.inIdempotencyKey("key-4111 1111 1111 1111")).isTrue();
        assertThat(CardNumbers.inIdempotencyKey("4111111111111111")).isTrue();
        assertThat(CardNumbers.inIdempotencyKey("87644fad-f466-0104-6012-7679fec503d0x"))
                .isTrue();
    }

    @Test
    void theFieldCarryingTheNumberIsNamedButNeverTheDigits() {
        assertThat(field("{\"paymentMethod\": \"4111 1111 1111 1111\"}")).hasValue("paymentMethod");
        assertThat(field("{\"paymentMethod\": \"tok_visa\", \"card\": {\"pan\": \"4111-1111-1111-1111\"}}"))
                .hasValue("card.pan");
        assertThat(field("{\"paymentMethod\": \"tok_visa\", \"cards\": [\"x\", 4111111111111111]}"))
                .hasValue("cards[1]");
        assertThat(field("{\"4111111111111111\": \"tok_visa\"}")).hasValue("body");
        assertThat(field("\"4111111111111111\"")).hasValue("body");
    }

    @Test
    void escapedDigitsAndBodiesThatAreNotJsonAreSearchedToo() {
        assertThat(field("{\"paymentMethod\": \"\\u0034111111111111111\"}")).hasValue("paymentMethod");
        assertThat(field("{\"paymentMethod\": \"4111 1111 1111 1111")).hasValue("body");
        assertThat(field("paymentMethod=4111111111111111")).hasValue("body");
        assertThat(field("{\"amount\": 4111111111111111.0}")).hasValue("body");
    }

    @Test
    void aBodyWithoutOneIsLetThrough() {
        assertThat(field("{\"paymentMethod\": \"tok_visa\"}")).isEmpty();
        assertThat(field("{\"paymentMethod\": \"tok_4111111111111112\", \"n\": 42}"))
                .isEmpty();
        assertThat(field("not json")).isEmpty();
        assertThat(CardNumbers.fieldCarryingOne(null)).isEmpty();
        assertThat(CardNumbers.fieldCarryingOne(new byte[0])).isEmpty();
    }

    @Test
    void theLuhnCheckAcceptsKnownTestNumbersOnly() {
        assertThat(CardNumbers.luhn("79927398713")).isTrue();
        assertThat(CardNumbers.luhn("79927398710")).isFalse();
    }

    private static Optional<String> field(String body) {
        return CardNumbers.fieldCarryingOne(body.getBytes(StandardCharsets.UTF_8));
    }
}
