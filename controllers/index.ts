import type { Application } from "@hotwired/stimulus";
import { controllers } from "virtual:stimulus-controllers";
import { registerLazyControllers } from "./lazy/index.ts";

// Every `*_controller.ts` in this folder, registered by its kebab-case identifier (the build lists them).
export function registerControllers(application: Application) {
  for (const [identifier, controller] of controllers) application.register(identifier, controller);
  registerLazyControllers(application);
  // Native-app bridge components, fetched only inside the Hotwire Native wrapper (its user agent says so).
  if (/bridge-components: \[/.test(navigator.userAgent)) {
    void import("./bridge/index.ts").then(({ registerBridgeComponents }) => registerBridgeComponents(application));
  }
}
