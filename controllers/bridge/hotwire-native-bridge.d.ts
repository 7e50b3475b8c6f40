// Types for the parts of @hotwired/hotwire-native-bridge 1.2 we use (the package ships none).
declare module "@hotwired/hotwire-native-bridge" {
  import { Controller } from "@hotwired/stimulus";

  export type BridgeMessage = { id: string; component: string; event: string; data: Record<string, unknown> };

  export class BridgeElement {
    constructor(element: Element);
    readonly element: Element;
    readonly title: string;
    readonly enabled: boolean;
    readonly disabled: boolean;
    bridgeAttribute(name: string): string | null;
  }

  export class BridgeComponent<E extends Element = HTMLElement> extends Controller<E> {
    static component: string;
    static readonly shouldLoad: boolean;
    readonly component: string;
    readonly enabled: boolean;
    readonly bridgeElement: BridgeElement;
    connect(): void;
    disconnect(): void;
    send(event: string, data?: Record<string, unknown>, callback?: (message: BridgeMessage) => void): void;
  }
}
