import { Controller } from "@hotwired/stimulus";
import type PhotoSwipeLightbox from "photoswipe/lightbox";
import { LIGHTBOX_OPTIONS } from "#domain/files/lightbox.ts";
import { ensureStylesheet } from "../../islands/lib/stylesheet.ts";

// A list of photo links that open in a full-screen gallery (PhotoSwipe, fetched only by pages with
// photos): previous/next, close, zoom, the counter and each photo's alt text as its caption. Photos
// added to the list later (an upload, a live update) open too.

export default class GalleryController extends Controller<HTMLElement> {
  private lightbox?: PhotoSwipeLightbox;
  private disconnected = false;

  async connect() {
    this.disconnected = false;
    const [{ default: Lightbox }, { default: href }] = await Promise.all([import("photoswipe/lightbox"), import("photoswipe/style.css?url")]);
    if (this.disconnected) return;
    ensureStylesheet(href);
    const lightbox = new Lightbox({ gallery: this.element, children: "a[data-gallery-target=item]", pswpModule: () => import("photoswipe"), ...LIGHTBOX_OPTIONS });
    lightbox.on("uiRegister", () => {
      lightbox.pswp?.ui?.registerElement({
        name: "caption",
        order: 9,
        isButton: false,
        appendTo: "root",
        onInit: (element, pswp) => {
          const caption = () => (element.textContent = pswp.getItemData(pswp.currIndex).element?.querySelector("img")?.getAttribute("alt") ?? "");
          pswp.on("change", caption);
          caption();
        },
      });
    });
    // The gallery takes keys (arrows, Escape) once its opening animation is over: say so on the list.
    lightbox.on("openingAnimationEnd", () => (this.element.dataset.galleryState = "open"));
    lightbox.on("destroy", () => delete this.element.dataset.galleryState);
    lightbox.init();
    this.lightbox = lightbox;
  }

  disconnect() {
    this.disconnected = true;
    this.lightbox?.destroy();
    this.lightbox = undefined;
  }
}
