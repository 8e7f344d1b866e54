package dev.onsale.inventory.hold.web;

import dev.onsale.common.problem.ProblemType;
import dev.onsale.platform.identity.VerifiedIdentity;
import dev.onsale.platform.web.ProblemException;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Resolves {@link Admission} from the header the gateway sets after verifying the admission token.
 * Resolved in parameter order, so a missing admission is refused before the body is even read.
 */
@Configuration(proxyBeanMethods = false)
class AdmissionArgumentResolver implements HandlerMethodArgumentResolver, WebMvcConfigurer {

    @Override
    public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
        resolvers.add(this);
    }

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        return parameter.getParameterType() == Admission.class;
    }

    @Override
    public Object resolveArgument(
            MethodParameter parameter,
            ModelAndViewContainer mav,
            NativeWebRequest request,
            WebDataBinderFactory binderFactory) {
        // the verified identity only: the platform's filter refused the request if the header was not signed
        String header = Optional.ofNullable(request.getNativeRequest(HttpServletRequest.class))
                .flatMap(VerifiedIdentity::of)
                .map(VerifiedIdentity::admission)
                .orElse(null);
        if (header != null) {
            try {
                return new Admission(UUID.fromString(header.strip()));
            } catch (IllegalArgumentException malformed) {
                // treated as no admission at all
            }
        }
        throw new ProblemException(ProblemType.ADMISSION_REQUIRED, "holds need an admission from the waiting room");
    }
}
