import "@hotwired/turbo-rails";
import { config } from "@hotwired/turbo";
import { Application } from "@hotwired/stimulus";
import { registerControllers } from "./index.ts";
import { installErrorReporter } from "./lib/error-reporter.ts";
import { keepTypedValues } from "./lib/keep-typed-values.ts";
import "./application.css";

const application = Application.start();
registerControllers(application);
installErrorReporter();
keepTypedValues();
// data-turbo-confirm asks in our modal; its code is fetched the first time a confirmation is asked.
config.forms.confirm = (message, form, submitter) => import("./lib/confirm-modal.ts").then((m) => m.confirmInModal(message, form, submitter));

declare global {
  interface Window {
    Stimulus: Application;
  }
}
window.Stimulus = application;
