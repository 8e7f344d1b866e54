package dev.onsale.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;

/** A repository layout with stand-in jars, so the launcher's process handling is tested without the real services. */
final class StubRepository {

    private StubRepository() {}

    static Path create(Path root) {
        try {
            Path sources = Files.createDirectories(root.resolve("stub-src"));
            Path classes = Files.createDirectories(root.resolve("stub-classes"));
            for (String name : new String[] {"StubService", "StubEngines"}) {
                try (InputStream in = StubRepository.class.getResourceAsStream("/stubs/" + name + ".java")) {
                    Files.write(sources.resolve(name + ".java"), in.readAllBytes());
                }
            }
            int rc = ToolProvider.getSystemJavaCompiler()
                    .run(
                            null,
                            null,
                            null,
                            "-d",
                            classes.toString(),
                            sources.resolve("StubService.java").toString(),
                            sources.resolve("StubEngines.java").toString());
            if (rc != 0) {
                throw new IllegalStateException("javac failed: " + rc);
            }
            var config = StackConfig.defaults(root, java.util.Map.of());
            jar(classes, "StubEngines", config.layout().enginesJar());
            for (Service service : Service.values()) {
                jar(classes, "StubService", config.layout().serviceJar(service));
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void jar(Path classes, String mainClass, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        var manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        try (var jar = new JarOutputStream(Files.newOutputStream(target), manifest)) {
            jar.putNextEntry(new JarEntry(mainClass + ".class"));
            jar.write(Files.readAllBytes(classes.resolve(mainClass + ".class")));
            jar.closeEntry();
        }
    }
}
