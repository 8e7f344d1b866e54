package dev.onsale.platform.identity;

import dev.onsale.common.IdentityHeaders;
import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.web.ProblemException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import java.util.UUID;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;

/**
 * Resolves {@link Buyer}, {@link Admin}, {@link Auditor} and {@link Gateway} from the {@link VerifiedIdentity} alone, never from
 * the raw headers. No verified identity at all is 401 (nobody vouched for the caller); a verified caller of
 * the wrong kind is 403 (the same credentials cannot help).
 */
final class IdentityArgumentResolver implements HandlerMethodArgumentResolver {

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        Class<?> type = parameter.getParameterType();
        return type == Buyer.class || type == Admin.class || type == Auditor.class || type == Gateway.class;
    }

    @Override
    public Object resolveArgument(
            MethodParameter parameter,
            ModelAndViewContainer mav,
            NativeWebRequest request,
            WebDataBinderFactory binderFactory) {
        Class<?> type = parameter.getParameterType();
        Optional<VerifiedIdentity> identity = Optional.ofNullable(request.getNativeRequest(HttpServletRequest.class))
                .flatMap(VerifiedIdentity::of);
        if (type == Buyer.class) {
            return identity.map(VerifiedIdentity::buyer)
                    .flatMap(IdentityArgumentResolver::sessionId)
                    .map(Buyer::new)
                    .orElseThrow(() -> unauthorized("a valid session token is required"));
        }
        String needed = type == Admin.class ? "admin" : type == Gateway.class ? "gateway's own" : "auditor";
        if (identity.isEmpty()) {
            throw unauthorized("this call needs the " + needed + " token");
        }
        String role = identity.get().role();
        if (type == Admin.class && IdentityHeaders.ROLE_ADMIN.equals(role)) {
            return new Admin();
        }
        if (type == Gateway.class && IdentityHeaders.ROLE_GATEWAY.equals(role)) {
            return new Gateway();
        }
        if (type == Auditor.class
                && (IdentityHeaders.ROLE_AUDITOR.equals(role) || IdentityHeaders.ROLE_ADMIN.equals(role))) {
            return new Auditor(role);
        }
        throw new ProblemException(ProblemType.FORBIDDEN, "this call needs the " + needed + " role");
    }

    private static Optional<UUID> sessionId(String header) {
        try {
            return Optional.of(UUID.fromString(header));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }

    private static ProblemException unauthorized(String detail) {
        return new ProblemException(ProblemType.UNAUTHORIZED, detail);
    }
}
