import { Controller } from "@hotwired/stimulus";
import { pinProps } from "../../islands/map-picker/pick.ts";

/**
 * "Pin on the map" for one location of the job form: the button shows the container and, the first
 * time, turns it into the map-picker island (so Leaflet is fetched only when a shipper asks for it),
 * starting at the location's current coordinates. Pressing it again hides the map, which stays
 * mounted with its pin. The button works with or without `data-action="map-pin#toggle"`.
 *
 *   <div data-controller="map-pin" data-map-pin-props-value="<%= JSON.stringify(pickerProps) %>">
 *     <button type="button" data-map-pin-target="button" aria-controls="…">Pin on the map</button>
 *     <div id="…" data-map-pin-target="container" hidden></div>
 *   </div>
 */
export default class MapPinController extends Controller<HTMLElement> {
  static targets = ["button", "container"];
  static values = { props: Object };
  declare readonly buttonTarget: HTMLButtonElement;
  declare readonly containerTarget: HTMLElement;
  declare readonly hasContainerTarget: boolean;
  declare propsValue: Record<string, unknown>;
  private handled = new WeakSet<Event>();

  buttonTargetConnected(button: HTMLElement) {
    button.addEventListener("click", this.toggle);
    button.setAttribute("aria-expanded", String(this.hasContainerTarget && !this.containerTarget.hidden));
  }

  buttonTargetDisconnected(button: HTMLElement) {
    button.removeEventListener("click", this.toggle);
  }

  toggle = (event?: Event) => {
    if (event) {
      if (this.handled.has(event)) return;
      this.handled.add(event);
    }
    const container = this.containerTarget;
    const show = container.hidden;
    container.hidden = !show;
    if (show && !controllersOf(container).includes("island")) this.mountPicker(container);
    this.buttonTarget.setAttribute("aria-expanded", String(show));
  };

  private mountPicker(container: HTMLElement) {
    const location = this.element.closest("fieldset") ?? this.element;
    const coordinate = (name: string) => location.querySelector<HTMLInputElement>(`[data-address-form-field="${name}"]`)?.value;
    container.setAttribute("data-island-component-value", "map-picker");
    container.setAttribute("data-island-props-value", JSON.stringify(pinProps(this.propsValue, coordinate("latitude"), coordinate("longitude"))));
    container.setAttribute("data-controller", [...controllersOf(container), "island"].join(" "));
  }
}

const controllersOf = (element: HTMLElement) => (element.getAttribute("data-controller") ?? "").split(/\s+/).filter(Boolean);
