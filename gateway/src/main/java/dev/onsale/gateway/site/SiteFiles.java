package dev.onsale.gateway.site;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;

/**
 * The site's pages and assets, read once at start-up. Each asset's public name carries a hash of its
 * content ({@code shop.<hash>.js}), so it can be cached for a year: changed content is a new name, and
 * the pages, rendered here from their templates, always name the assets this gateway serves. Templates
 * say {@code {{asset:<file>}}} for an asset's public path and {@code {{next-url}}} for where the waiting
 * room goes once admitted.
 */
@Component
class SiteFiles {

    /** Bytes to serve, their type, and an entity tag derived from the bytes. */
    record File(byte[] body, MediaType type, String etag) {}

    /** The pages, by the name of their template without {@code .html}. */
    enum Page {
        /** {@code /}: the events on sale. */
        INDEX("index"),
        /** {@code /events/{eventId}}: one event, its availability and the way into its waiting room. */
        EVENT("event"),
        /** {@code /wait/{eventId}}: the waiting room. */
        WAITING("wait"),
        /** {@code /events/{eventId}/admitted}: an admitted buyer chooses seats (or a quantity) and holds them. */
        ADMITTED("admitted"),
        /** {@code /orders/{orderId}}: checkout with the hold's countdown, payment, and the order's outcome. */
        ORDER("order"),
        /** What {@code /wait/{eventId}} shows while the event's sale is halted. */
        STOPPED("stopped"),
        /** {@code /operator}: the event dashboard and the sale's controls, for the admin token. */
        OPERATOR("operator"),
        /** {@code /auditor}: reconciliation reports, the chain's verification and the ledgers, for the auditor token. */
        AUDITOR("auditor");

        private final String template;

        Page(String template) {
            this.template = template;
        }
    }

    static final String ASSETS_PATH = "/assets/";

    private static final String ROOT = "dev/onsale/gateway/site/";
    private static final List<String> ASSETS = List.of(
            "onsale.css",
            "waiting-room.js",
            "site.js",
            "shop.js",
            "checkout.js",
            "qr.js",
            "console.js",
            "operator.js",
            "auditor.js",
            "console.css");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z-]+)(?::([a-z.-]+))?}}");
    private static final MediaType HTML = new MediaType("text", "html", StandardCharsets.UTF_8);
    private static final Map<String, MediaType> TYPES = Map.of(
            "js", new MediaType("text", "javascript", StandardCharsets.UTF_8),
            "css", new MediaType("text", "css", StandardCharsets.UTF_8));

    private final Map<String, File> assets = new LinkedHashMap<>();
    private final Map<String, String> publicPaths = new LinkedHashMap<>();
    private final Map<Page, File> pages = new LinkedHashMap<>();

    SiteFiles(WaitingRoomProperties properties) {
        for (String name : ASSETS) {
            byte[] body = read(name);
            String hash = fingerprint(body);
            int dot = name.lastIndexOf('.');
            String publicName = name.substring(0, dot) + "." + hash + name.substring(dot);
            assets.put(publicName, new File(body, TYPES.get(name.substring(dot + 1)), quoted(hash)));
            publicPaths.put(name, ASSETS_PATH + publicName);
        }
        for (Page page : Page.values()) {
            pages.put(page, render(page.template + ".html", properties.nextUrl()));
        }
    }

    File page(Page page) {
        return pages.get(page);
    }

    /** The asset published as {@code publicName}, e.g. {@code shop.<hash>.js}. */
    Optional<File> asset(String publicName) {
        return Optional.ofNullable(assets.get(publicName));
    }

    /** Public path of an asset by its source name, e.g. {@code /assets/shop.<hash>.js}. */
    String publicPath(String sourceName) {
        return publicPaths.get(sourceName);
    }

    /** The first 16 hex digits of the SHA-256 of {@code content}. */
    static String fingerprint(byte[] content) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(content))
                    .substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 unavailable", e);
        }
    }

    private File render(String template, String nextUrl) {
        Matcher placeholders = PLACEHOLDER.matcher(new String(read(template), StandardCharsets.UTF_8));
        StringBuilder html = new StringBuilder();
        while (placeholders.find()) {
            String value = switch (placeholders.group(1)) {
                case "asset" -> publicPaths.get(placeholders.group(2));
                case "next-url" -> escape(nextUrl);
                default -> null;
            };
            if (value == null) {
                throw new IllegalStateException(template + " names an unknown placeholder " + placeholders.group());
            }
            placeholders.appendReplacement(html, Matcher.quoteReplacement(value));
        }
        placeholders.appendTail(html);
        byte[] body = html.toString().getBytes(StandardCharsets.UTF_8);
        return new File(body, HTML, quoted(fingerprint(body)));
    }

    private static byte[] read(String name) {
        try (InputStream in = new ClassPathResource(ROOT + name).getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("site file " + name + " missing", e);
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }

    private static String quoted(String tag) {
        return "\"" + tag + "\"";
    }
}
