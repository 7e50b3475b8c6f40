// The photo gallery's behaviour, as PhotoSwipe options: 333 ms animations, the page dimmed to 0.8,
// one photo preloaded before and two after, looping, a spinner only after 2 s, the counter "2 / 3",
// no zoom animation for images wider than 4,000 px, and the message for a photo that fails to load.
// (Arrow keys pan a zoomed photo by 80 px: PhotoSwipe's own fixed step.)

export const LIGHTBOX_OPTIONS = {
  showAnimationDuration: 333,
  hideAnimationDuration: 333,
  zoomAnimationDuration: 333,
  bgOpacity: 0.8,
  preload: [1, 2] as [number, number],
  loop: true,
  preloaderDelay: 2000,
  indexIndicatorSep: " / ",
  maxWidthToAnimate: 4000,
  errorMsg: "The image cannot be loaded",
} as const;

export const ARROW_KEY_PAN_PX = 80;
