import { Controller } from "@hotwired/stimulus";
import { distanceHint, type HandoverStep, type Site } from "#domain/loads/handover-checks.ts";

// Records where the phone is, if it will say (the person may refuse, or have no fix): the form then
// sends the position with the collection or the proof of delivery, and the page says how far the
// phone is from the step's points by the same 5-mile rule the server warns by; without a position
// the step is recorded all the same.

const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 };

export default class GeolocationController extends Controller<HTMLElement> {
  static targets = ["latitude", "longitude", "status"];
  static values = { step: { type: String, default: "delivery" }, sites: { type: Array, default: [] } };
  declare readonly latitudeTarget: HTMLInputElement;
  declare readonly longitudeTarget: HTMLInputElement;
  declare readonly statusTarget: HTMLElement;
  declare readonly stepValue: HandoverStep;
  declare readonly sitesValue: Site[];

  connect() {
    if (!("geolocation" in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        this.latitudeTarget.value = coords.latitude.toFixed(6);
        this.longitudeTarget.value = coords.longitude.toFixed(6);
        this.statusTarget.textContent = distanceHint(this.stepValue, coords, this.sitesValue);
      },
      () => (this.statusTarget.textContent = ""),
      POSITION_OPTIONS,
    );
  }
}
