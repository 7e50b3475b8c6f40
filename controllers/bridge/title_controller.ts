import { BridgeComponent } from "@hotwired/hotwire-native-bridge";

/** Native-app bridge: tells the wrapper the page's title with `setTitle {title}`. */
export default class extends BridgeComponent {
  static override component = "title";

  override connect() {
    super.connect();
    this.send("setTitle", { title: this.bridgeElement.title });
  }
}
