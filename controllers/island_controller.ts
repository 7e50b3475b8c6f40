import { Controller } from "@hotwired/stimulus";
import { islands, type IslandName } from "../islands/registry.ts";

type Unmount = () => void;

/**
 * Mounts a React island (`data-island-component-value`, `data-island-props-value`) on connect and
 * unmounts it on disconnect, so Turbo's cache and back button work. React itself is only fetched
 * by pages that have an island.
 */
export default class extends Controller<HTMLElement> {
  static values = { component: String, props: Object };
  declare componentValue: string;
  declare propsValue: Record<string, unknown>;
  private unmount?: Unmount;
  private generation = 0;

  connect() {
    this.element.addEventListener("turbo:before-morph-element", this.keepThroughMorph);
    void this.mount();
  }

  disconnect() {
    this.element.removeEventListener("turbo:before-morph-element", this.keepThroughMorph);
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
