package dev.onsale.gateway.site;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.EncodeHintType;
import com.google.zxing.Result;
import com.google.zxing.ResultMetadataType;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import com.google.zxing.qrcode.decoder.Mode;
import com.google.zxing.qrcode.encoder.ByteMatrix;
import com.google.zxing.qrcode.encoder.Encoder;
import com.google.zxing.qrcode.encoder.QRCode;
import dev.onsale.testing.DoorScanner;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Encodes texts with the confirmation page's QR encoder ({@code qr.js}) under Node, where Node is installed (skipped
 * elsewhere), and reads every code back with ZXing as a scanner would: from an image with its quiet zone, located by
 * its finder patterns, error-corrected and decoded. The texts sit at the edges of the versions' capacities at level M
 * (14, 26, 42, 62, 84, 106, 122, 152, 180 and 213 bytes for versions 1 to 10).
 */
class QrCodeTest {

    private static final int PIXELS_PER_MODULE = 4;
    private static final int QUIET_ZONE_MODULES = 4;
    private static final int MASKS = 8;
    private static final String TICKET_ID = "3f2b9c1e-8d4a-4c7e-9b1a-2f6d5e4c3b2a";

    private static Path node;
    private static Path printer;
    private static Path encoder;

    /** A text and the version it needs at level M. */
    record Case(String name, String text, int version) {
        @Override
        public String toString() {
            return name + " -> version " + version;
        }
    }

    static Stream<Case> texts() {
        return Stream.of(
                new Case("a ticket id", TICKET_ID, 3),
                new Case("a ticket line", "ONSALE-TICKET " + TICKET_ID + " A-12-7", 4),
                new Case("one character", "a", 1),
                new Case("14 bytes, the most version 1 holds", ofLength(14), 1),
                new Case("15 bytes", ofLength(15), 2),
                new Case("84 bytes, the most version 5 holds", ofLength(84), 5),
                new Case("107 bytes, one more than version 6 holds", ofLength(107), 7),
                new Case("181 bytes, the first with a 16-bit count", ofLength(181), 10),
                new Case("213 bytes, the most version 10 holds", ofLength(213), 10),
                new Case("accents, a dash and a euro sign (19 bytes)", "Ünïcödé – €", 2),
                new Case("a character beyond the BMP", "ticket \uD83C\uDFAB", 1));
    }

    /** The texts ZXing's own encoder also puts in byte mode: ASCII with a lower-case letter. */
    static Stream<Case> byteModeTexts() {
        return texts().filter(c -> c.text().chars().allMatch(ch -> ch < 0x80));
    }

    @BeforeAll
    static void findNodeAndTheScripts() throws Exception {
        node = Node.executable();
        printer = Node.resource("qr-print.js");
        encoder = Node.resource("qr.js");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("texts")
    void aScannerReadsTheTextBackAtLevelMFromTheSmallestVersionThatHoldsIt(Case given) throws Exception {
        boolean[][] modules = encode(given.text()).matrix();

        assertThat(modules.length).isEqualTo(17 + 4 * given.version());
        Result read = new QRCodeReader()
                .decode(
                        new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image(modules)))),
                        Map.of(DecodeHintType.CHARACTER_SET, UTF_8.name()));
        assertThat(read.getText()).isEqualTo(given.text());
        assertThat(read.getResultMetadata()).containsEntry(ResultMetadataType.ERROR_CORRECTION_LEVEL, "M");
    }

    /**
     * A scanner corrects up to 15 % of the codewords, so a decoded text does not prove every module right. ZXing's
     * encoder, asked for the same bytes in the same mode with each of the eight masks, must make our symbol module for
     * module with one of them. (Which mask is best is not compared: for a 1:1:3:1:1 pattern at the symbol's edge ZXing
     * 3.5 does not count the quiet zone as the light area of rule N3, qr.js does.)
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("byteModeTexts")
    void theSymbolIsOneOfThoseZxingsEncoderMakesForTheSameBytes(Case given) throws Exception {
        boolean[][] modules = encode(given.text()).matrix();

        List<Integer> sameAsZxing = new ArrayList<>();
        for (int mask = 0; mask < MASKS; mask++) {
            if (Arrays.deepEquals(modules, zxing(given.text(), mask))) {
                sameAsZxing.add(mask);
            }
        }
        assertThat(sameAsZxing)
                .as("masks with which ZXing makes the same symbol")
                .hasSize(1);
    }

    /**
     * A thousand ticket ids (seeded, so a failure names ids that fail again): each symbol is one of ZXing's eight for
     * the same bytes, and the door scanner reads each back from a page-sized picture.
     */
    @Test
    void aThousandTicketIdsAreEachZxingsSymbolAndReadAtTheDoor() throws Exception {
        Random random = new Random(20261207L);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            tickets.add(new UUID(random.nextLong(), random.nextLong()).toString());
        }
        List<String> lines = new ArrayList<>(List.of(node.toString(), printer.toString(), encoder.toString()));
        lines.addAll(tickets);
        Process run = new ProcessBuilder(lines)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        String[] printed = new String(run.getInputStream().readAllBytes(), UTF_8).split("\n\n");
        assertThat(run.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(printed).hasSize(tickets.size());

        List<String> notZxings = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        for (int i = 0; i < tickets.size(); i++) {
            String ticket = tickets.get(i);
            boolean[][] modules = new Encoded(0, printed[i], "").matrix();
            if (IntStream.range(0, MASKS).noneMatch(mask -> Arrays.deepEquals(modules, zxingOrNone(ticket, mask)))) {
                notZxings.add(ticket);
            }
            if (!DoorScanner.scan(image(modules)).equals(Optional.of(ticket))) {
                unread.add(ticket);
            }
        }
        assertThat(notZxings).as("symbols none of ZXing's masks makes").isEmpty();
        assertThat(unread).as("codes the door scanner does not read").isEmpty();
    }

    @Test
    void aTextLongerThanVersion10HoldsIsRefusedWithTheReason() throws Exception {
        Encoded refused = encode(ofLength(214));

        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.stdout()).isEmpty();
        assertThat(refused.stderr())
                .contains("Too long for a QR code")
                .contains("214 bytes")
                .contains("at most 213");
    }

    /** What qr-print.js wrote for one text, passed on its stdin as UTF-8 whatever the platform's encoding. */
    record Encoded(int exitCode, String stdout, String stderr) {
        boolean[][] matrix() {
            assertThat(exitCode).as(stderr).isZero();
            return stdout.lines()
                    .map(line -> {
                        boolean[] row = new boolean[line.length()];
                        for (int i = 0; i < row.length; i++) {
                            row[i] = line.charAt(i) == '1';
                        }
                        return row;
                    })
                    .toArray(boolean[][]::new);
        }
    }

    /** ZXing's symbol for the text at level M with the given mask, row by row. */
    private static boolean[][] zxing(String text, int mask) throws WriterException {
        QRCode symbol = Encoder.encode(text, ErrorCorrectionLevel.M, Map.of(EncodeHintType.QR_MASK_PATTERN, mask));
        assertThat(symbol.getMode()).isEqualTo(Mode.BYTE);
        ByteMatrix matrix = symbol.getMatrix();
        boolean[][] modules = new boolean[matrix.getHeight()][matrix.getWidth()];
        for (int row = 0; row < modules.length; row++) {
            for (int column = 0; column < modules[row].length; column++) {
                modules[row][column] = matrix.get(column, row) == 1;
            }
        }
        return modules;
    }

    private static boolean[][] zxingOrNone(String text, int mask) {
        try {
            return zxing(text, mask);
        } catch (WriterException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Encoded encode(String text) throws Exception {
        Process run = new ProcessBuilder(node.toString(), printer.toString(), encoder.toString()).start();
        try (OutputStream stdin = run.getOutputStream()) {
            stdin.write(text.getBytes(UTF_8));
        }
        String stdout = new String(run.getInputStream().readAllBytes(), UTF_8);
        String stderr = new String(run.getErrorStream().readAllBytes(), UTF_8);
        assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Encoded(run.exitValue(), stdout, stderr);
    }

    /** The symbol as a screen shows it: black modules of 4 px on white, inside a 4-module white quiet zone. */
    private static BufferedImage image(boolean[][] modules) {
        int side = (modules.length + 2 * QUIET_ZONE_MODULES) * PIXELS_PER_MODULE;
        BufferedImage image = new BufferedImage(side, side, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = image.createGraphics();
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, side, side);
        graphics.setColor(Color.BLACK);
        for (int row = 0; row < modules.length; row++) {
            for (int column = 0; column < modules.length; column++) {
                if (modules[row][column]) {
                    graphics.fillRect(
                            (column + QUIET_ZONE_MODULES) * PIXELS_PER_MODULE,
                            (row + QUIET_ZONE_MODULES) * PIXELS_PER_MODULE,
                            PIXELS_PER_MODULE,
                            PIXELS_PER_MODULE);
                }
            }
        }
        graphics.dispose();
        return image;
    }

    /** A mixed ASCII text of exactly {@code length} bytes, with lower-case letters so that it needs byte mode. */
    private static String ofLength(int length) {
        return "Onsale ticket 0123456789 abcdefghijklmnopqrstuvwxyz, row 12 seat 7; "
                .repeat(length / 60 + 1)
                .substring(0, length);
    }
}
