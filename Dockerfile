# One image per service, from the jar Maven built: ./mvnw -B -DskipTests package, then e.g.
#   docker build --build-arg MODULE=booking-service -t ghcr.io/onsale/booking-service:0.1.0 .
# MODULE: gateway, queue-service, inventory-service, booking-service, payment-service, payment-sandbox.
# Runs as UID/GID 10001 and writes nothing but /tmp, as the Kubernetes manifests (k8s/) require.
FROM eclipse-temurin:21-jre
ARG MODULE
ARG VERSION=0.1.0-SNAPSHOT
RUN groupadd --gid 10001 onsale && useradd --uid 10001 --gid 10001 --no-create-home --shell /usr/sbin/nologin onsale
COPY ${MODULE}/target/${MODULE}-${VERSION}.jar /app/app.jar
USER 10001:10001
ENTRYPOINT ["java", "-jar", "/app/app.jar"]
