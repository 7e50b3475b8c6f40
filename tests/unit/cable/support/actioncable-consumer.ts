import { WebSocket } from "ws";
import { ORIGIN } from "./cable-harness.ts";
import { installBrowserShims as install, type Consumer as AnyConsumer } from "../../../support/actioncable.ts";

export { ActionCable, recorder, type CableSubscription, type SubscriptionMixin } from "../../../support/actioncable.ts";
export type Consumer = AnyConsumer<RecordingWebSocket>;

/** What a browser adds that Node's ws does not: the Origin header. Records frames for assertions. */
export class RecordingWebSocket extends WebSocket {
  readonly received: string[] = [];

  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { origin: ORIGIN });
    this.addEventListener("message", (event) => this.received.push(String(event.data)));
  }
}

/** Installs the Node stand-ins the library needs; returns a function that removes them. */
export function installBrowserShims(): () => void {
  return install(RecordingWebSocket);
}
