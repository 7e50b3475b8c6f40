import type { ComponentType } from "react";

type IslandModule = { default: ComponentType<Record<string, unknown>> };

/**
 * Every React island by name. Each is a separate chunk: a page downloads only the islands it
 * mounts, and pages without islands download no React at all.
 */
export const islands = {
  "bid-allocator": () => import("./bid-allocator/index.tsx") as Promise<IslandModule>,
  "auction-panel": () => import("./auction-panel/index.tsx") as Promise<IslandModule>,
  // Leaflet and its stylesheet come with these two only (docs/maps.md).
  map: () => import("./map/index.tsx") as Promise<IslandModule>,
  "map-picker": () => import("./map-picker/index.tsx") as Promise<IslandModule>,
  // Chart.js comes with these two only, each registering just the parts it draws with (docs/charts.md).
  "bar-chart": () => import("./bar-chart/index.tsx") as Promise<IslandModule>,
  "pie-chart": () => import("./pie-chart/index.tsx") as Promise<IslandModule>,
} satisfies Record<string, () => Promise<IslandModule>>;

export type IslandName = keyof typeof islands;
