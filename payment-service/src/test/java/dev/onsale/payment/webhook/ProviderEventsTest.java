package dev.onsale.payment.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.onsale.payment.settlement.ProviderCharge;
import dev.onsale.payment.settlement.ProviderRefund;
import dev.onsale.payment.webhook.ProviderEvent.ChargeObserved;
import dev.onsale.payment.webhook.ProviderEvent.Other;
import dev.onsale.payment.webhook.ProviderEvent.RefundObserved;
import dev.onsale.payment.webhook.ProviderEvents.MalformedEvent;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProviderEventsTest {

    private static final UUID ORDER = UUID.fromString("7d1f0c1e-0000-4000-8000-000000000001");

    @Test
    void aChargeEventIsReadAsTheChargeItCarriesWhateverElseTheProviderAdds() {
        ProviderEvent event = read("""
                {"id":"evt_1","type":"charge.failed","created":1790000000,"livemode":false,"data":{"id":"ch_1",
                "object":"charge","orderId":"%s","amountCents":3000,"currency":"EUR","paymentMethod":"tok_declined",
                "status":"DECLINED","failureCode":"card_declined","amountRefundedCents":0,"created":1790000000}}
                """.formatted(ORDER));

        assertThat(event.id()).isEqualTo("evt_1");
        assertThat(event.type()).isEqualTo("charge.failed");
        assertThat(event.created()).isEqualTo(1_790_000_000L);
        assertThat(event.observation())
                .isEqualTo(new ChargeObserved(
                        new ProviderCharge("ch_1", ORDER, 3000, "EUR", "DECLINED", "card_declined")));
    }

    @Test
    void aSucceededChargeHasNoFailureCodeWhetherItIsNullOrAbsent() {
        String withNull = """
                {"id":"evt_2","type":"charge.succeeded","created":1,"data":{"id":"ch_2","orderId":"%s",
                "amountCents":3000,"currency":"EUR","status":"SUCCEEDED","failureCode":null}}""".formatted(ORDER);
        String without = withNull.replace(",\"failureCode\":null", "");

        ProviderCharge expected = new ProviderCharge("ch_2", ORDER, 3000, "EUR", "SUCCEEDED", null);
        assertThat(read(withNull).observation()).isEqualTo(new ChargeObserved(expected));
        assertThat(read(without).observation()).isEqualTo(new ChargeObserved(expected));
    }

    @Test
    void aRefundEventIsReadAsTheRefundItCarries() {
        ProviderEvent event = read("""
                {"id":"evt_3","type":"refund.succeeded","created":1,"data":{"id":"re_1","object":"refund",
                "chargeId":"ch_1","orderId":"%s","amountCents":3000,"currency":"EUR","status":"SUCCEEDED",
                "created":1}}""".formatted(ORDER));

        assertThat(event.observation())
                .isEqualTo(new RefundObserved(new ProviderRefund("re_1", "ch_1", ORDER, 3000, "SUCCEEDED")));
    }

    @Test
    void aRefundWithAStatusOutsideTheContractNamesItsStatus() {
        MalformedEvent malformed = catchThrowableOfType(MalformedEvent.class, () -> read("""
                {"id":"evt_5","type":"refund.succeeded","created":1,"data":{"id":"re_1","chargeId":"ch_1",
                "orderId":"%s","amountCents":3000,"status":"PENDING"}}""".formatted(ORDER)));

        assertThat(malformed.error().field()).isEqualTo("data.status");
    }

    @Test
    void anEventOfAnotherTypeIsReadWithoutLookingIntoItsData() {
        assertThat(read("{\"id\":\"evt_4\",\"type\":\"payout.paid\",\"created\":1,\"data\":{\"anything\":[1]}}")
                        .observation())
                .isEqualTo(new Other());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "not json at all                                                                    | body",
                "[]                                                                                 | body",
                "{\"id\":\"evt\",\"type\":\"x\",\"created\":1,\"data\":{}} trailing                 | body",
                "{\"id\":\"evt\",\"id\":\"evt2\",\"type\":\"x\",\"created\":1,\"data\":{}}          | body",
                "{\"type\":\"x\",\"created\":1,\"data\":{}}                                         | id",
                "{\"id\":\"\",\"type\":\"x\",\"created\":1,\"data\":{}}                             | id",
                "{\"id\":7,\"type\":\"x\",\"created\":1,\"data\":{}}                                | id",
                "{\"id\":\"evt\",\"created\":1,\"data\":{}}                                         | type",
                "{\"id\":\"evt\",\"type\":\"x\",\"created\":\"1\",\"data\":{}}                      | created",
                "{\"id\":\"evt\",\"type\":\"x\",\"created\":1.5,\"data\":{}}                        | created",
                "{\"id\":\"evt\",\"type\":\"x\",\"created\":1}                                      | data",
                "{\"id\":\"evt\",\"type\":\"x\",\"created\":1,\"data\":[]}                          | data",
                "{\"id\":\"evt\",\"type\":\"charge.succeeded\",\"created\":1,\"data\":{}}           | data.id",
            })
    void aBodyThatIsNotAnEventNamesTheFirstFieldAtFault(String body, String field) {
        MalformedEvent malformed = catchThrowableOfType(MalformedEvent.class, () -> read(body));

        assertThat(malformed).isNotNull();
        assertThat(malformed.error().field()).isEqualTo(field);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "\"orderId\":\"not-a-uuid\"     | data.orderId",
                "\"orderId\":\"1-1-1-1-1\"      | data.orderId",
                "\"amountCents\":-1             | data.amountCents",
                "\"amountCents\":\"3000\"       | data.amountCents",
                "\"currency\":\"eur\"           | data.currency",
                "\"status\":null                | data.status",
                "\"status\":\"CAPTURED\"        | data.status",
                "\"failureCode\":42             | data.failureCode",
            })
    void aChargeWithAFieldOutOfShapeNamesThatField(String replacement, String field) {
        String name = replacement.substring(0, replacement.indexOf(':'));
        String fields = "{\"id\":\"ch_1\",\"orderId\":\"" + ORDER + "\",\"amountCents\":3000,\"currency\":\"EUR\","
                + "\"status\":\"SUCCEEDED\",\"failureCode\":null}";
        String data = fields.replaceFirst(
                Pattern.quote(name) + ":(\"[^\"]*\"|[^,}]*)", Matcher.quoteReplacement(replacement));
        String body = "{\"id\":\"evt\",\"type\":\"charge.succeeded\",\"created\":1,\"data\":" + data + "}";

        MalformedEvent malformed = catchThrowableOfType(MalformedEvent.class, () -> read(body));

        assertThat(malformed).as(body).isNotNull();
        assertThat(malformed.error().field()).isEqualTo(field);
        assertThat(malformed.getMessage()).doesNotContain("not-a-uuid", "eur");
    }

    private static ProviderEvent read(String body) {
        return ProviderEvents.read(body.getBytes(StandardCharsets.UTF_8));
    }
}
