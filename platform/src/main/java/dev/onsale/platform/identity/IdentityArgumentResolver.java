package dev.onsale.platform.identity;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.platform.web.ProblemException;
import java.util.UUID;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Resolves {@link Buyer}, {@link Admin} and {@link Auditor} from the identity headers the gateway
 * sets. Services are reachable only through the gateway, which strips client-sent copies; the
 * headers are therefore trusted here and nowhere checked again.
 */
final class IdentityArgumentResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        Class<?> type = parameter.getParameterType();
        return type == Buyer.class || type == Admin.class || type == Auditor.class;
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mav, NativeWebRequest request,
            WebDataBinderFactory binderFactory) {
        Class<?> type = parameter.getParameterType();
        if (type == Buyer.class) {
            return buyer(request.getHeader(IdentityHeaders.BUYER));
        }
        String role = request.getHeader(IdentityHeaders.ROLE);
        if (type == Admin.class && IdentityHeaders.ROLE_ADMIN.equals(role)) {
            return new Admin();
        }
        if (type == Auditor.class
                && (IdentityHeaders.ROLE_AUDITOR.equals(role) || IdentityHeaders.ROLE_ADMIN.equals(role))) {
            return new Auditor(role);
        }
        throw new ProblemException(HttpStatus.FORBIDDEN, "forbidden", "Forbidden",
                "this call needs the " + (type == Admin.class ? "admin" : "auditor") + " role");
    }

    private static Buyer buyer(String header) {
        if (header != null) {
            try {
                return new Buyer(UUID.fromString(header));
            } catch (IllegalArgumentException malformed) {
                // fall through: treated as no session at all
            }
        }
        throw new ProblemException(HttpStatus.UNAUTHORIZED, "unauthorized", "Unauthorized",
                "a valid session token is required");
    }
}
