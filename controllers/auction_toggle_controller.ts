import { Controller } from "@hotwired/stimulus";
import { type AuctionPhase, auctionPhase } from "#domain/bidding/auction-state.ts";
import { toEpochMs } from "#domain/time/instant.ts";
import { serverClockOffset } from "./lib/server-clock.ts";

// setTimeout overflows past ~24.8 days; a long wait is re-planned daily instead.
const MAX_WAIT_MS = 86_400_000;

/**
 * Auction: moves from 'opens in' to live via a toggle: shows the `scheduled`, `live` or
 * `closed` targets by the server-corrected clock, switching at the opening and closing instants.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["scheduled", "live", "closed"];
  static values = { opensAt: String, closesAt: String };
  declare scheduledTargets: HTMLElement[];
  declare liveTargets: HTMLElement[];
  declare closedTargets: HTMLElement[];
  declare opensAtValue: string;
  declare closesAtValue: string;
  private timer?: ReturnType<typeof setTimeout>;
  private offset = 0;
  private generation = 0;

  async connect() {
    const generation = ++this.generation;
    this.offset = await serverClockOffset();
    if (generation === this.generation) this.apply();
  }

  disconnect() {
    this.generation++;
    clearTimeout(this.timer);
  }

  private apply() {
    const now = Date.now() + this.offset;
    const opens = toEpochMs(this.opensAtValue || null);
    const closes = toEpochMs(this.closesAtValue || null);
    const phase = auctionPhase({ isAuction: true, status: "scheduled", auctionOpensAt: this.opensAtValue ? opens : null, auctionClosesAt: this.closesAtValue ? closes : null }, now);
    this.show(phase);
    const next = phase === "scheduled" ? opens : phase === "live" ? closes : Number.NaN;
    if (Number.isFinite(next)) this.timer = setTimeout(() => this.apply(), Math.min(Math.max(0, next - now), MAX_WAIT_MS));
  }

  private show(phase: AuctionPhase) {
    const visible = (targets: HTMLElement[], on: boolean) => targets.forEach((t) => (t.hidden = !on));
    visible(this.scheduledTargets, phase === "scheduled");
    visible(this.liveTargets, phase === "live");
    visible(this.closedTargets, phase === "closed");
    this.element.dataset.auctionPhase = phase;
  }
}
