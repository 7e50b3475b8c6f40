import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ARROW_KEY_PAN_PX, LIGHTBOX_OPTIONS } from "#domain/files/lightbox.ts";

describe("photo gallery options", () => {
  it("animate in 333 ms over a 0.8 backdrop, preload 1 before and 2 after, loop, show the spinner after 2 s, count 'n / total' and animate up to 4,000 px", () => {
    expect(LIGHTBOX_OPTIONS).toEqual({
      showAnimationDuration: 333,
      hideAnimationDuration: 333,
      zoomAnimationDuration: 333,
      bgOpacity: 0.8,
      preload: [1, 2],
      loop: true,
      preloaderDelay: 2000,
      indexIndicatorSep: " / ",
      maxWidthToAnimate: 4000,
      errorMsg: "The image cannot be loaded",
    });
  });

  it("rely on PhotoSwipe panning a zoomed photo by 80 px per arrow key", () => {
    const source = readFileSync("node_modules/photoswipe/dist/photoswipe.esm.js", "utf8");
    expect(source).toContain(`currSlide.pan[axis] += isForward ? -${ARROW_KEY_PAN_PX} : ${ARROW_KEY_PAN_PX};`);
  });
});
