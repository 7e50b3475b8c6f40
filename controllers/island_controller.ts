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

  async connect() {
    const generation = ++this.generation;
    const load = islands[this.componentValue as IslandName];
    if (!load) throw new Error(`Unknown island "${this.componentValue}"`);
    const [{ mountIsland }, module] = await Promise.all([import("../islands/lib/mount.tsx"), load()]);
    if (generation !== this.generation || !this.element.isConnected) return;
    this.unmount = mountIsland(this.element, module.default, this.propsValue);
    this.element.dataset.islandMounted = "true";
  }

  disconnect() {
    this.generation++;
    this.unmount?.();
    this.unmount = undefined;
    delete this.element.dataset.islandMounted;
  }
}
