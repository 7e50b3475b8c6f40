import type { Application } from "@hotwired/stimulus";
import IslandController from "./island_controller.ts";
import AnalyticsController from "./analytics_controller.ts";

// Every Stimulus controller, registered by its kebab-case identifier.
export function registerControllers(application: Application) {
  application.register("island", IslandController);
  application.register("analytics", AnalyticsController);
}
