import type { Application, ControllerConstructor } from "@hotwired/stimulus";
import { lazyControllers } from "virtual:stimulus-controllers?lazy";

// Controllers only a few pages use (the job form's): each is fetched and registered the first time
// an element on the page asks for it, so other pages never download them. Stimulus then connects
// the waiting elements as it would have at start.

const selectorFor = (identifier: string) => `[data-controller~="${identifier}"]`;

export function registerLazyControllers(application: Application) {
  const waiting = new Map(lazyControllers);
  const loadAskedFor = () => {
    for (const [identifier, load] of waiting) {
      if (!document.querySelector(selectorFor(identifier))) continue;
      waiting.delete(identifier);
      void load().then((module: { default: ControllerConstructor }) => application.register(identifier, module.default));
    }
    if (waiting.size === 0) observer.disconnect();
  };
  const observer = new MutationObserver(loadAskedFor);
  observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-controller"] });
  loadAskedFor();
}
