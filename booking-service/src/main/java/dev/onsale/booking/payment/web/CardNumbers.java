package dev.onsale.booking.payment.web;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Finds what looks like a card number in a request body: 13 to 19 digits, in groups separated by up to
 * {@value #MAX_SEPARATOR} spaces or dashes, that pass the Luhn check. A run of digits longer than 19 is looked at
 * group by group (any consecutive groups of 13 to 19 digits), so a card number followed by more digits is found,
 * while an unseparated run of 20 or more digits is not a card number. The body is searched raw, and also as JSON
 * (names and values, after unescaping), so {@code \u0034} escapes hide nothing. The digits found are never
 * returned: only the JSON path of the field holding them, or {@code body}.
 */
final class CardNumbers {

    /** The field reported when the number is not inside one value (a field name, malformed JSON, a split number). */
    static final String BODY = "body";

    private static final int MIN_DIGITS = 13;
    private static final int MAX_DIGITS = 19;
    private static final int MAX_SEPARATOR = 3;
    private static final Pattern CANONICAL_UUID =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final JsonMapper LENIENT = JsonMapper.builder().build();

    private CardNumbers() {}

    /** The path of the first field carrying a card-like number ({@code body} if not within one), or empty. */
    static Optional<String> fieldCarryingOne(byte[] body) {
        if (body == null || body.length == 0) {
            return Optional.empty();
        }
        Optional<String> field = inJson(body);
        if (field.isPresent()) {
            return field;
        }
        return containsOne(new String(body, StandardCharsets.ISO_8859_1)) ? Optional.of(BODY) : Optional.empty();
    }

    /**
     * Whether an Idempotency-Key carries something like a card number. A key in the canonical UUID form (what
     * clients are told to send) never does: its hex digits can form Luhn-valid runs by chance (about one random
     * UUID in a thousand), and no card number is written 8-4-4-4-12.
     */
    static boolean inIdempotencyKey(String key) {
        return !CANONICAL_UUID.matcher(key).matches() && containsOne(key);
    }

    /** Whether {@code text} contains something that looks like a card number anywhere. */
    static boolean containsOne(CharSequence text) {
        int i = 0;
        while (i < text.length()) {
            if (!digit(text.charAt(i))) {
                i++;
                continue;
            }
            List<String> groups = new ArrayList<>();
            StringBuilder group = new StringBuilder();
            while (i < text.length()) {
                char c = text.charAt(i);
                if (digit(c)) {
                    group.append(c);
                    i++;
                    continue;
                }
                int separators = 0;
                while (i + separators < text.length() && separator(text.charAt(i + separators))) {
                    separators++;
                }
                if (separators == 0
                        || separators > MAX_SEPARATOR
                        || i + separators >= text.length()
                        || !digit(text.charAt(i + separators))) {
                    break;
                }
                groups.add(group.toString());
                group.setLength(0);
                i += separators;
            }
            groups.add(group.toString());
            if (anyCard(groups)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the run's digits, or any consecutive groups of it, are 13-19 Luhn-valid digits. */
    private static boolean anyCard(List<String> groups) {
        for (int first = 0; first < groups.size(); first++) {
            StringBuilder digits = new StringBuilder();
            for (int last = first;
                    last < groups.size() && digits.length() + groups.get(last).length() <= MAX_DIGITS;
                    last++) {
                digits.append(groups.get(last));
                if (digits.length() >= MIN_DIGITS && luhn(digits)) {
                    return true;
                }
            }
        }
        return false;
    }

    static boolean luhn(CharSequence digits) {
        int sum = 0;
        boolean doubled = false;
        for (int i = digits.length() - 1; i >= 0; i--) {
            int d = digits.charAt(i) - '0';
            if (doubled) {
                d *= 2;
                if (d > 9) {
                    d -= 9;
                }
            }
            sum += d;
            doubled = !doubled;
        }
        return sum % 10 == 0;
    }

    private static Optional<String> inJson(byte[] body) {
        JsonNode tree;
        try {
            tree = LENIENT.readTree(body);
        } catch (JacksonException notJson) {
            return Optional.empty();
        }
        return tree == null ? Optional.empty() : inNode(tree, "");
    }

    private static Optional<String> inNode(JsonNode node, String path) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> property : node.properties()) {
                if (containsOne(property.getKey())) {
                    return Optional.of(BODY);
                }
                String child = path.isEmpty() ? property.getKey() : path + "." + property.getKey();
                Optional<String> found = inNode(property.getValue(), child);
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                Optional<String> found = inNode(node.get(i), path + "[" + i + "]");
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }
        if (node.isValueNode() && !node.isNull() && containsOne(node.asString())) {
            return Optional.of(path.isEmpty() || containsOne(path) ? BODY : path);
        }
        return Optional.empty();
    }

    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean separator(char c) {
        return c == ' ' || c == '-';
    }
}
