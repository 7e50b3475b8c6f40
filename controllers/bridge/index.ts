import type { Application } from "@hotwired/stimulus";
import { controllers } from "virtual:stimulus-controllers";

// Loaded only inside the native wrapper; each component also loads only if the app supports it
// (BridgeComponent.shouldLoad reads "bridge-components: [...]" from the user agent). Every
// `*_controller.ts` here is registered as "bridge--<name>".
export function registerBridgeComponents(application: Application) {
  for (const [identifier, controller] of controllers) application.register(identifier, controller);
}
