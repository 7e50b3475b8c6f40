import { Controller } from "@hotwired/stimulus";

// Records where the phone is, if it will say (the person may refuse, or have no fix): the form then
// sends the position with the proof of delivery; without it the delivery is recorded all the same.

const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 };

export default class GeolocationController extends Controller<HTMLElement> {
  static targets = ["latitude", "longitude", "status"];
  declare readonly latitudeTarget: HTMLInputElement;
  declare readonly longitudeTarget: HTMLInputElement;
  declare readonly statusTarget: HTMLElement;

  connect() {
    if (!("geolocation" in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        this.latitudeTarget.value = coords.latitude.toFixed(6);
        this.longitudeTarget.value = coords.longitude.toFixed(6);
        this.statusTarget.textContent = "Your position will be recorded with the delivery.";
      },
      () => (this.statusTarget.textContent = ""),
      POSITION_OPTIONS,
    );
  }
}
