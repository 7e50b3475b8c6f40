import { Controller } from "@hotwired/stimulus";
import { islands, type IslandName } from "../islands/registry.ts";

type Unmount = () => void;

/** How far below the window an island waiting to be seen starts loading. */
const VISIBLE_MARGIN = "300px";

/**
 * Mounts a React island (`data-island-component-value`, `data-island-props-value`) on connect and
 * unmounts it on disconnect, so Turbo's cache and back button work. React itself is only fetched
 * by pages that have an island. `data-island-when-value="visible"` waits until the island is about
 * to scroll into view, so a heavy widget lower down (a job page's map) costs nothing to a reader who
 * never gets there.
 */
export default class extends Controller<HTMLElement> {
  static values = { component: String, props: Object, when: String };
  declare componentValue: string;
  declare propsValue: Record<string, unknown>;
  declare whenValue: string;
  private unmount?: Unmount;
  private generation = 0;
  private watcher?: IntersectionObserver;

  connect() {
    this.element.addEventListener("turbo:before-morph-element", this.keepThroughMorph);
    if (this.whenValue !== "visible" || !("IntersectionObserver" in window)) return void this.mount();
    this.watcher = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.watcher?.disconnect();
        void this.mount();
      },
      { rootMargin: VISIBLE_MARGIN },
    );
    this.watcher.observe(this.element);
  }

  disconnect() {
    this.element.removeEventListener("turbo:before-morph-element", this.keepThroughMorph);
    this.watcher?.disconnect();
    this.unmountIsland();
  }

  private async mount() {
    const generation = ++this.generation;
    const load = islands[this.componentValue as IslandName];
    if (!load) throw new Error(`Unknown island "${this.componentValue}"`);
    const [{ mountIsland }, module] = await Promise.all([import("../islands/lib/mount.tsx"), load()]);
    if (generation !== this.generation || !this.element.isConnected) return;
    this.unmount = mountIsland(this.element, module.default, this.propsValue);
    this.element.dataset.islandMounted = "true";
  }

  private unmountIsland() {
    this.generation++;
    this.unmount?.();
    this.unmount = undefined;
    delete this.element.dataset.islandMounted;
  }

  // A Turbo page refresh morphs the DOM in place, which would rewrite the nodes React owns and
  // leave the island with stale props. Keep the element out of the morph; remount when the server
  // sent different props. (Give island elements an id so the morph pairs them up reliably.)
  private keepThroughMorph = (event: Event) => {
    const incoming = (event as CustomEvent<{ newElement: Element }>).detail.newElement;
    const sameIsland = incoming.getAttribute("data-island-component-value") === this.componentValue;
    if (event.target !== this.element || !sameIsland) return;
    event.preventDefault();
    const props = incoming.getAttribute("data-island-props-value");
    if (props === null || props === this.element.getAttribute("data-island-props-value")) return;
    this.element.setAttribute("data-island-props-value", props);
    this.unmountIsland();
    void this.mount();
  };
}
