package dev.onsale.launcher;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One process of a service: the first of each on the service's configured ports, the further replicas of a service
 * behind the gateway ({@code --replicas}) on ports free when the stack starts. The gateway is given every replica of
 * each service and balances across them; the gateway and the payment sandbox are always one process.
 *
 * @param service        which service
 * @param number         1 for the first, 2 and on for the others
 * @param port           its API port
 * @param managementPort its actuator port
 */
record Replica(Service service, int number, int port, int managementPort) {

    /** The process's name in the pids file and its log's: the module's, with {@code -<number>} from the second. */
    String name() {
        return number == 1 ? service.module() : service.module() + "-" + number;
    }

    String url() {
        return "http://" + StackPorts.LOOPBACK + ":" + port;
    }

    /** Every port and management port of {@code replicas}, comma-separated. */
    static String portList(List<Replica> replicas) {
        return replicas.stream()
                .flatMap(replica -> Stream.of(replica.port(), replica.managementPort()))
                .map(String::valueOf)
                .collect(Collectors.joining(","));
    }

    /** Every process of the services of {@code config}, in {@link Service} order, each service's replicas together. */
    static List<Replica> of(StackConfig config) {
        int extra = config.replicas() - 1;
        long replicated =
                Arrays.stream(Service.values()).filter(Service::behindGateway).count();
        Iterator<Integer> free = extra == 0
                ? List.<Integer>of().iterator()
                : Ports.free((int) (2 * extra * replicated)).iterator();
        List<Replica> replicas = new ArrayList<>();
        for (Service service : Service.values()) {
            replicas.add(new Replica(service, 1, config.port(service), config.managementPort(service)));
            for (int number = 2; service.behindGateway() && number <= config.replicas(); number++) {
                replicas.add(new Replica(service, number, free.next(), free.next()));
            }
        }
        return List.copyOf(replicas);
    }
}
