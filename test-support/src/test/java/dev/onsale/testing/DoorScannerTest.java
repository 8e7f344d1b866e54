package dev.onsale.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.zxing.WriterException;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import com.google.zxing.qrcode.encoder.ByteMatrix;
import com.google.zxing.qrcode.encoder.Encoder;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The door scanner against codes drawn as the confirmation page draws them: 4 px a module, a 4-module quiet zone. */
class DoorScannerTest {

    /** A ticket id whose code (ZXing's own encoder, its own mask 2) ZXing does not find upright at any module size. */
    private static final String UNREAD_UPRIGHT = "28df7d31-62a8-43ce-8fb8-6388d1939be1";

    @Test
    void aCodeZxingMissesUprightIsReadAQuarterTurnOn() throws WriterException {
        BufferedImage page = onAPage(zxingSymbol(UNREAD_UPRIGHT));

        assertThat(DoorScanner.scanUpright(page)).as("upright").isEmpty();
        assertThat(DoorScanner.scan(page)).contains(UNREAD_UPRIGHT);
    }

    @Test
    void everyOneOfAThousandTicketCodesIsRead() throws WriterException {
        Random random = new Random(20261207L);
        List<String> unread = new ArrayList<>();
        int uprightMisses = 0;
        for (int i = 0; i < 1000; i++) {
            String ticket = new UUID(random.nextLong(), random.nextLong()).toString();
            BufferedImage page = onAPage(zxingSymbol(ticket));
            if (!DoorScanner.scan(page).equals(Optional.of(ticket))) {
                unread.add(ticket);
            }
            uprightMisses += DoorScanner.scanUpright(page).isEmpty() ? 1 : 0;
        }

        assertThat(unread).isEmpty();
        assertThat(uprightMisses)
                .as("codes ZXing misses upright, the reason for the turns")
                .isPositive();
    }

    @Test
    void aPageWithoutACodeReadsNothing() {
        BufferedImage blank = new BufferedImage(400, 600, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = blank.createGraphics();
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, 400, 600);
        graphics.setColor(Color.BLACK);
        graphics.drawString("Ticket 28df7d31-62a8-43ce-8fb8-6388d1939be1", 20, 40);
        graphics.dispose();

        assertThat(DoorScanner.scan(blank)).isEmpty();
    }

    @Test
    void aQuarterTurnMovesTheTopLeftPixelToTheTopRight() {
        BufferedImage picture = new BufferedImage(3, 2, BufferedImage.TYPE_INT_RGB);
        picture.setRGB(0, 0, 0xFF0000);

        BufferedImage turned = DoorScanner.quarterTurned(picture);

        assertThat(turned.getWidth()).isEqualTo(2);
        assertThat(turned.getHeight()).isEqualTo(3);
        assertThat(turned.getRGB(1, 0) & 0xFFFFFF).isEqualTo(0xFF0000);
    }

    /** The symbol drawn below a page's heading, with white around it, 4 px a module. */
    private static BufferedImage onAPage(ByteMatrix symbol) {
        int module = 4;
        int side = symbol.getWidth() * module;
        BufferedImage page = new BufferedImage(side + 200, side + 300, BufferedImage.TYPE_INT_RGB);
        Graphics2D graphics = page.createGraphics();
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, page.getWidth(), page.getHeight());
        graphics.setColor(Color.BLACK);
        for (int row = 0; row < symbol.getHeight(); row++) {
            for (int column = 0; column < symbol.getWidth(); column++) {
                if (symbol.get(column, row) == 1) {
                    graphics.fillRect(100 + column * module, 150 + row * module, module, module);
                }
            }
        }
        graphics.dispose();
        return page;
    }

    /** ZXing's own symbol for the text at level M, with the mask ZXing chooses. */
    private static ByteMatrix zxingSymbol(String text) throws WriterException {
        return Encoder.encode(text, ErrorCorrectionLevel.M).getMatrix();
    }
}
