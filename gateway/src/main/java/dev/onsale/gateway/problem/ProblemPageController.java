package dev.onsale.gateway.problem;

import dev.onsale.common.problem.ProblemType;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** Serves {@code /problems/<slug>}: the page each problem's {@code type} points to, for every entry of the catalog. */
@RestController
class ProblemPageController {

    @GetMapping(path = "/problems/{slug}", produces = MediaType.TEXT_HTML_VALUE)
    String page(@PathVariable String slug) {
        ProblemType type = ProblemType.bySlug(slug)
                .orElseThrow(() -> Problem.of(ProblemType.NOT_FOUND, "no problem type is called " + slug)
                        .toException());
        return """
                <!doctype html>
                <html lang="en">
                <head><meta charset="utf-8"><title>%1$s — Onsale</title></head>
                <body>
                <h1>%1$s</h1>
                <p><code>%2$s</code>, answered with HTTP status %3$d</p>
                <p>%4$s</p>
                </body>
                </html>
                """.formatted(html(type.title()), html(type.typeUri()), type.status(), html(type.explanation()));
    }

    private static String html(String text) {
        return text.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;");
    }
}
