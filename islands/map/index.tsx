import { useEffect, useMemo, useRef } from "react";
import { mapProps } from "#domain/maps/map-props.ts";
import { drawMap } from "./draw.ts";
import { mapStylesheets } from "./leaflet.ts";
import { mapPlan } from "./plan.ts";
import { followTracking } from "./tracking.ts";

/**
 * A route map (Leaflet): lettered pickup/delivery markers, the route line(s), how far along the load
 * is and, with `trackingElementId`, the driver's live position, followed without remounting.
 */
export default function MapIsland(raw: Record<string, unknown>) {
  const props = useMemo(() => mapProps(raw), [raw]);
  const canvas = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    void mapStylesheets().then(() => {
      if (cancelled || !canvas.current) return;
      const drawn = drawMap(canvas.current, props, mapPlan(props));
      const stopTracking = props.trackingElementId ? followTracking(props.trackingElementId, drawn.track) : () => {};
      stop = () => {
        stopTracking();
        drawn.remove();
      };
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [props]);

  return <div ref={canvas} className="map-canvas" role="region" aria-label={props.label} />;
}
