import { Controller } from "@hotwired/stimulus";
import { shouldSend, type Fix } from "#domain/maps/tracking.ts";
import { postJson } from "../lib/http.ts";

// The driver's page shares where the lorry is while the load is on the road: every fix the phone
// gives is sent when the shared rule says so (30 s since the last one sent, or 500 m moved). It
// starts by itself once the load is collected; before, the driver chooses to share on the way to
// the collection. The page stops sharing when it goes away (delivery refreshes it without this).

const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 };

export default class PositionShareController extends Controller<HTMLElement> {
  static values = { url: String, automatic: Boolean };
  static targets = ["status", "button"];
  declare readonly urlValue: string;
  declare readonly automaticValue: boolean;
  declare readonly statusTarget: HTMLElement;
  declare readonly buttonTarget: HTMLButtonElement;
  declare readonly hasButtonTarget: boolean;
  private watchId: number | null = null;
  private lastSent: Fix | null = null;
  private sending = false;

  connect() {
    if (this.automaticValue) this.start();
  }

  disconnect() {
    this.stop();
  }

  toggle() {
    if (this.watchId === null) this.start();
    else this.stop();
  }

  private start() {
    if (!("geolocation" in navigator)) return this.say("This device cannot share its position.");
    this.watchId = navigator.geolocation.watchPosition(
      (position) => void this.send(position),
      (error) => this.say(error.code === error.PERMISSION_DENIED ? "Allow location for this site to share your position." : "Waiting for a position…"),
      WATCH_OPTIONS,
    );
    if (this.hasButtonTarget) this.buttonTarget.textContent = "Stop sharing";
    this.say("Sharing your position with the shipper and your office.");
  }

  private stop() {
    if (this.watchId !== null) navigator.geolocation.clearWatch(this.watchId);
    this.watchId = null;
    if (this.hasButtonTarget) this.buttonTarget.textContent = "Share my position";
  }

  private async send({ coords, timestamp }: GeolocationPosition) {
    const fix: Fix = { latitude: coords.latitude, longitude: coords.longitude, recordedAt: new Date(timestamp) };
    if (this.sending || !shouldSend(this.lastSent, fix)) return;
    this.sending = true;
    try {
      const response = await postJson(this.urlValue, { latitude: fix.latitude, longitude: fix.longitude, accuracy: Math.round(coords.accuracy), recorded_at: fix.recordedAt.toISOString() });
      if (response.ok) {
        this.lastSent = fix;
        this.say(`Position shared at ${fix.recordedAt.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}.`);
      } else if (response.status === 422) {
        const { errors } = (await response.json()) as { errors?: Record<string, string> };
        this.say(Object.values(errors ?? {})[0] ?? "That position was not accepted.");
        if (errors?.base) this.stop();
      }
    } catch {
      this.say("No connection: the next position will be sent when there is one.");
    } finally {
      this.sending = false;
    }
  }

  private say(text: string) {
    this.statusTarget.textContent = text;
  }
}
