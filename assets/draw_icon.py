"""Draw the app icon (a dungeon doorway with a referee's coin) as PNGs of every size.

The same shapes are in icon.svg; run `python assets/draw_icon.py` after changing either.
Flet's web server takes favicon.png and icons/*.png from this folder over its own.
"""

from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
BRICK = "#8E2C1B"
STONE = "#F1E2C4"
MORTAR = "#C9B48E"
DARK = "#2A1410"
GOLD = "#FFD600"
GOLD_EDGE = "#8A6D00"


def draw(size: int, maskable: bool = False) -> Image.Image:
    """Draw at 4x, then shrink: smooth edges without an SVG renderer."""
    s = size * 4
    unit = s / 512
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)

    def box(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        return (x0 * unit, y0 * unit, x1 * unit, y1 * unit)

    if maskable:  # full bleed: the platform cuts its own shape
        d.rectangle(box(0, 0, 512, 512), fill=BRICK)
    else:
        d.rounded_rectangle(box(16, 16, 496, 496), radius=96 * unit, fill=BRICK)
    # stone arch
    d.pieslice(box(106, 96, 406, 396), 180, 360, fill=STONE)
    d.rectangle(box(106, 245, 406, 432), fill=STONE)
    # mortar lines
    for y in (300, 366):
        d.line(box(106, y, 406, y), fill=MORTAR, width=int(6 * unit))
    for x, y0, y1 in ((150, 300, 366), (362, 300, 366), (128, 366, 432), (384, 366, 432)):
        d.line(box(x, y0, x, y1), fill=MORTAR, width=int(6 * unit))
    # dark doorway
    d.pieslice(box(176, 166, 336, 326), 180, 360, fill=DARK)
    d.rectangle(box(176, 245, 336, 432), fill=DARK)
    # the referee's coin at the threshold
    d.ellipse(box(206, 330, 306, 430), fill=GOLD, outline=GOLD_EDGE, width=int(8 * unit))
    d.line(box(234, 380, 252, 398), fill=GOLD_EDGE, width=int(10 * unit))
    d.line(box(252, 398, 282, 358), fill=GOLD_EDGE, width=int(10 * unit))
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    draw(32).save(HERE / "favicon.png")
    for size in (192, 512):
        draw(size).save(HERE / "icons" / f"icon-{size}.png")
        draw(size, maskable=True).save(HERE / "icons" / f"icon-maskable-{size}.png")
    draw(192).save(HERE / "icons" / "apple-touch-icon-192.png")
    draw(512).save(HERE / "icon.png")


if __name__ == "__main__":
    main()
