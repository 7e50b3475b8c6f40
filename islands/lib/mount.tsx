import { createElement, type ComponentType } from "react";
import { createRoot } from "react-dom/client";

export function mountIsland(element: HTMLElement, component: ComponentType<Record<string, unknown>>, props: Record<string, unknown>) {
  const root = createRoot(element);
  root.render(createElement(component, props));
  return () => root.unmount();
}
