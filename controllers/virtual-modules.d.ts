// Written by the build (scripts/lib/stimulus-controllers.ts): the controllers of the importing folder.
declare module "virtual:stimulus-controllers" {
  import type { ControllerConstructor } from "@hotwired/stimulus";
  export const controllers: [identifier: string, controller: ControllerConstructor][];
}
