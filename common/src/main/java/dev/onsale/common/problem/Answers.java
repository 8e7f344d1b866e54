package dev.onsale.common.problem;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a call of the public contract answers, for its OpenAPI document: the status of its success and the catalog's
 * problems that its handler answers itself, each under the status the catalog pairs with it. Framework-free, so that
 * the services (platform's {@code openapi} package) and the gateway read the same declaration. The problems every
 * call of a kind gets need none: a service adds 401 to a call that needs a caller and 400 {@code invalid-request}
 * to one that takes a body; the gateway adds its own (401, 403, 413, 429, 503) when it merges the documents.
 */
@Documented
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface Answers {

    /** The status of a successful answer. */
    int value() default 200;

    /** The problems this call answers itself. */
    ProblemType[] problems() default {};

    /** Other statuses it answers that are neither its success nor a problem, such as 304 to If-None-Match. */
    int[] also() default {};
}
