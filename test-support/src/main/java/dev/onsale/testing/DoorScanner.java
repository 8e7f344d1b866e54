package dev.onsale.testing;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.MultiFormatReader;
import com.google.zxing.ReaderException;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import java.awt.image.BufferedImage;
import java.util.Map;
import java.util.Optional;

/**
 * A scanner at the door, reading a ticket's QR code from a picture as a hand-held scanner does: it looks at the picture
 * upright and, where it reads nothing, turned a quarter at a time, as a buyer's phone is held at the door.
 *
 * <p>Why the turns: ZXing's finder search scans the picture top to bottom and stops at the first three finder-like
 * patterns it has seen twice. About one valid symbol in seventy (1.3 % of 3,000 version-3 ticket codes, every one of
 * them module for module what ZXing's own encoder makes with its own choice of mask) has a run of data modules in the
 * 1:1:3:1:1 proportions above the bottom-left finder, and upright ZXing takes it for that finder and finds no code.
 * Turned, the real finder is met first; each of those 3,000 codes reads at one turn or more. A code that reads at no
 * turn is a code no scanner at the door can be relied on to read.
 */
public final class DoorScanner {

    private static final Map<DecodeHintType, Object> HINTS = Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE);

    private DoorScanner() {}

    /** The text of the one code in the picture, read upright or at the first quarter turn that reads. */
    public static Optional<String> scan(BufferedImage picture) {
        BufferedImage view = picture;
        for (int turn = 0; turn < 4; turn++) {
            Optional<String> read = scanUpright(view);
            if (read.isPresent()) {
                return read;
            }
            view = quarterTurned(view);
        }
        return Optional.empty();
    }

    /** What ZXing reads from the picture as it is, without turning it. */
    public static Optional<String> scanUpright(BufferedImage picture) {
        var bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(picture)));
        try {
            return Optional.of(new MultiFormatReader().decode(bitmap, HINTS).getText());
        } catch (ReaderException e) {
            // no code located, or one located that did not decode (format, checksum): unreadable either way
            return Optional.empty();
        }
    }

    /** The picture turned a quarter clockwise. */
    static BufferedImage quarterTurned(BufferedImage picture) {
        int width = picture.getWidth();
        int height = picture.getHeight();
        BufferedImage turned = new BufferedImage(height, width, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                turned.setRGB(height - 1 - y, x, picture.getRGB(x, y));
            }
        }
        return turned;
    }
}
