package dev.onsale.platform.web;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/** Problem details and strict JSON for every servlet service. */
@AutoConfiguration(beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Import({ProblemAdvice.class, ProblemErrorController.class})
public class WebAutoConfiguration {

    @Bean
    StrictJson onsaleStrictJson() {
        return new StrictJson();
    }
}
