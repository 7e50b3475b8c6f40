import type { Application } from "@hotwired/stimulus";
import BadgeController from "./badge_controller.ts";
import TitleController from "./title_controller.ts";

// Loaded only inside the native wrapper; each component also loads only if the app supports it
// (BridgeComponent.shouldLoad reads "bridge-components: [...]" from the user agent).
export function registerBridgeComponents(application: Application) {
  application.register("bridge--title", TitleController);
  application.register("bridge--badge", BadgeController);
}
