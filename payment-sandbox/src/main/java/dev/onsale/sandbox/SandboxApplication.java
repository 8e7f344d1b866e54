package dev.onsale.sandbox;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** A stand-in card acquirer: charges, refunds, signed webhooks, and a real acquirer's limits and failures. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SandboxApplication {

    public static void main(String[] args) {
        SpringApplication.run(SandboxApplication.class, args);
    }
}
