package dev.onsale.system;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real Chromium, headless, driven through its chromedriver, on one site: what a buyer (or an operator) sees and
 * does. Its window is phone-sized unless resized. Each {@link #screenshot} is kept under {@code
 * target/screenshots/} as a test artefact. Where no Chromium and chromedriver can be found, {@link #start} skips the
 * calling test with a message saying what to install.
 */
final class Browser implements AutoCloseable {

    static final Dimension PHONE = new Dimension(412, 915);

    private static final List<String> CHROMIUMS = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser");
    private static final List<String> DRIVERS = List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final ChromeDriver driver;
    private final String site;
    private final Path screenshots;
    private final Path profile;

    private Browser(ChromeDriver driver, String site, Path screenshots, Path profile) {
        this.driver = driver;
        this.site = site;
        this.screenshots = screenshots;
        this.profile = profile;
    }

    /** A fresh browser (its own profile: no storage, no cache) on {@code site}, e.g. the gateway's URL. */
    static Browser start(String site) throws IOException {
        Optional<String> chromium = firstExisting(CHROMIUMS);
        Optional<String> chromedriver = firstExisting(DRIVERS);
        assumeTrue(
                chromium.isPresent() && chromedriver.isPresent(),
                "no Chromium and chromedriver found at " + CHROMIUMS + " and " + DRIVERS
                        + ": install them (apt-get install chromium chromium-driver) to run the browser tests");
        Path profile = Files.createTempDirectory("onsale-chromium-");
        ChromeOptions options = new ChromeOptions()
                .setBinary(chromium.get())
                .addArguments(
                        "--headless=new",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--disable-dev-shm-usage",
                        "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(Path.of(chromedriver.get()).toFile())
                .usingAnyFreePort()
                .build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(PHONE);
        Path screenshots = Path.of("target", "screenshots").toAbsolutePath();
        Files.createDirectories(screenshots);
        return new Browser(driver, site, screenshots, profile);
    }

    void open(String path) {
        driver.get(site + path);
    }

    /** The path (and query) of the page shown now. */
    String path() {
        return driver.getCurrentUrl().substring(site.length());
    }

    WebElement element(String css) {
        return new WebDriverWait(driver, PATIENCE)
                .until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(css)));
    }

    void click(String css) {
        new WebDriverWait(driver, PATIENCE)
                .until(ExpectedConditions.elementToBeClickable(By.cssSelector(css)))
                .click();
    }

    void type(String css, String text) {
        WebElement field = element(css);
        field.clear();
        field.sendKeys(text);
    }

    /** Waits until the element's visible text matches {@code pattern} (found anywhere in it); returns the text. */
    String waitForText(String css, String pattern) {
        return waitForText(css, pattern, PATIENCE);
    }

    String waitForText(String css, String pattern, Duration patience) {
        Pattern wanted = Pattern.compile(pattern);
        new WebDriverWait(driver, patience)
                .withMessage(() -> css + " to match /" + pattern + "/ on " + path() + "; it shows \""
                        + driver.findElements(By.cssSelector(css)).stream()
                                .map(WebElement::getText)
                                .findFirst()
                                .orElse("(no such element)")
                        + "\"")
                .until(d -> d.findElements(By.cssSelector(css)).stream()
                        .anyMatch(e -> wanted.matcher(e.getText()).find()));
        return element(css).getText();
    }

    void waitForPath(String pattern) {
        Pattern wanted = Pattern.compile(pattern);
        new WebDriverWait(driver, PATIENCE)
                .withMessage(() -> "the address to match " + pattern + "; it is " + path())
                .until(d -> wanted.matcher(path()).matches());
    }

    Object script(String javascript, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(javascript, arguments);
    }

    /** Forgets what this site stored (session, admission, orders): the next page is a new buyer's. */
    void becomeANewBuyer() {
        script("window.localStorage.clear(); window.sessionStorage.clear();");
    }

    /** Opens a second tab of this browser (same storage) and switches to it; returns the first tab's handle. */
    String openSecondTab() {
        String first = driver.getWindowHandle();
        driver.switchTo().newWindow(org.openqa.selenium.WindowType.TAB);
        return first;
    }

    void switchTo(String handle) {
        driver.switchTo().window(handle);
    }

    /** Presses {@code key} on the element, as a keyboard user does once it has the focus. */
    void press(String css, CharSequence key) {
        new WebDriverWait(driver, PATIENCE)
                .until(ExpectedConditions.elementToBeClickable(By.cssSelector(css)))
                .sendKeys(key);
    }

    /**
     * Saves what the page shows now as {@code target/screenshots/<name>.png}, after checking that the page is no wider
     * than the (phone-sized) window: nothing to scroll sideways to. Returns the picture.
     */
    BufferedImage keep(String name) {
        Number overflow = (Number) script("return document.documentElement.scrollWidth - window.innerWidth;");
        org.assertj.core.api.Assertions.assertThat(overflow.intValue())
                .as("how much wider than the window %s is", path())
                .isLessThanOrEqualTo(0);
        return screenshot(name);
    }

    /** Saves what the page shows now as {@code target/screenshots/<name>.png} and returns it as an image. */
    BufferedImage screenshot(String name) {
        byte[] png = driver.getScreenshotAs(OutputType.BYTES);
        try {
            Files.write(screenshots.resolve(name + ".png"), png);
            return ImageIO.read(new ByteArrayInputStream(png));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** As {@link #keep}, but the whole page, not just the window: the window grows to the page's height first. */
    BufferedImage keepWholePage(String name) {
        Number height = (Number) script("return document.documentElement.scrollHeight;");
        driver.manage().window().setSize(new Dimension(PHONE.width, Math.max(PHONE.height, height.intValue() + 100)));
        try {
            return keep(name);
        } finally {
            driver.manage().window().setSize(PHONE);
        }
    }

    @Override
    public void close() {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            // a temporary profile left behind
        }
    }

    private static Optional<String> firstExisting(List<String> paths) {
        return paths.stream().filter(p -> Files.isExecutable(Path.of(p))).findFirst();
    }
}
