import { BridgeComponent } from "@hotwired/hotwire-native-bridge";

/**
 * Native-app bridge: `showNotificationBadge {icon, tab}` keeps a native tab's badge in step
 * with an unread badge on the page. `tab` names the tab ("messages", "notifications"); `icon` is
 * true while there is something unread (the wrapper shows its badge icon) and false to clear it.
 */
export default class extends BridgeComponent {
  static override component = "badge";
  static values = { tab: String };
  declare tabValue: string;

  override connect() {
    super.connect();
    this.element.addEventListener("unread-badge:changed", this.update);
    this.update();
  }

  override disconnect() {
    this.element.removeEventListener("unread-badge:changed", this.update);
    super.disconnect();
  }

  private update = () => {
    const count = Number(this.element.getAttribute("data-unread-badge-count-value")) || 0;
    this.send("showNotificationBadge", { icon: count > 0, tab: this.tabValue });
  };
}
