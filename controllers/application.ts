import "@hotwired/turbo-rails";
import { Application } from "@hotwired/stimulus";
import { registerControllers } from "./index.ts";
import { installErrorReporter } from "./lib/error-reporter.ts";
import "./application.css";

const application = Application.start();
registerControllers(application);
installErrorReporter();

declare global {
  interface Window {
    Stimulus: Application;
  }
}
window.Stimulus = application;
