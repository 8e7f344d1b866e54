package dev.onsale.platform.web;

import dev.onsale.common.problem.ProblemType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Replaces Boot's error page for failures that happen outside a controller (a filter, the
 * container): the body is problem+json like every other error.
 */
@RestController
class ProblemErrorController implements ErrorController {

    @RequestMapping("${server.error.path:/error}")
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer i ? HttpStatus.resolve(i) : null;
        if (status == null) {
            status = HttpStatus.INTERNAL_SERVER_ERROR;
        }
        ProblemType type = switch (status) {
            case NOT_FOUND -> ProblemType.NOT_FOUND;
            case BAD_REQUEST -> ProblemType.INVALID_REQUEST;
            case PAYLOAD_TOO_LARGE -> ProblemType.PAYLOAD_TOO_LARGE;
            case METHOD_NOT_ALLOWED -> ProblemType.METHOD_NOT_ALLOWED;
            default -> status.is5xxServerError() ? ProblemType.INTERNAL_ERROR : ProblemType.REQUEST_REFUSED;
        };
        return Problems.response(status, type, status.getReasonPhrase(), List.of(), null);
    }
}
