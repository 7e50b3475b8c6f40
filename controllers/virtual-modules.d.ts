// Written by the build (scripts/lib/stimulus-controllers.ts): the controllers of the importing folder.
declare module "virtual:stimulus-controllers" {
  import type { ControllerConstructor } from "@hotwired/stimulus";
  export const controllers: [identifier: string, controller: ControllerConstructor][];
}

// The controllers of the importing folder as loaders, fetched on first use (see controllers/lazy).
declare module "virtual:stimulus-controllers?lazy" {
  import type { ControllerConstructor } from "@hotwired/stimulus";
  export const lazyControllers: [identifier: string, load: () => Promise<{ default: ControllerConstructor }>][];
}
