import com.sun.net.httpserver.HttpServer;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Stands in for a service jar: answers 200 everywhere on SERVER_ADDRESS:SERVER_PORT and on its management
 * address and port; exits at once when a FAIL file lies next to it.
 */
public class StubService {
    public static void main(String[] args) throws Exception {
        Path jar = Path.of(StubService.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path fail = jar.resolveSibling("FAIL");
        if (Files.exists(fail)) {
            System.out.println("boom: " + Files.readString(fail));
            System.exit(3);
        }
        serve(System.getenv("SERVER_ADDRESS"), System.getenv("SERVER_PORT"));
        serve(System.getenv("MANAGEMENT_SERVER_ADDRESS"), System.getenv("MANAGEMENT_SERVER_PORT"));
    }

    private static void serve(String address, String port) throws Exception {
        var server = HttpServer.create(new InetSocketAddress(address, Integer.parseInt(port)), 0);
        server.createContext("/", exchange -> {
            byte[] body = ("{\"status\":\"UP\",\"db\":\"" + System.getenv("ONSALE_DB_URL") + "\",\"queue\":\""
                    + System.getenv("ONSALE_QUEUE_URL") + "\",\"admissionKey\":\""
                    + System.getenv("ONSALE_ADMISSION_KEY") + "\",\"identityKey\":\""
                    + System.getenv("ONSALE_IDENTITY_KEY") + "\",\"address\":\""
                    + System.getenv("SERVER_ADDRESS") + "\",\"extra\":\""
                    + System.getenv("ONSALE_EXTRA_SETTING") + "\"}").getBytes();
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }
}
