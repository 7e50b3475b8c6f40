import type { Application } from "@hotwired/stimulus";
import IslandController from "./island_controller.ts";
import AnalyticsController from "./analytics_controller.ts";
import CountdownController from "./countdown_controller.ts";
import LocalTimeController from "./local_time_controller.ts";
import AuctionToggleController from "./auction_toggle_controller.ts";
import QuoteLoadsCountController from "./quote_loads_count_controller.ts";
import CarrierSelectorController from "./carrier_selector_controller.ts";
import AddressAutocompleteController from "./address_autocomplete_controller.ts";
import AddressFormController from "./address_form_controller.ts";
import ContractMonthsController from "./contract_months_controller.ts";
import JobFormController from "./job_form_controller.ts";
import PalletQuantityController from "./pallet_quantity_controller.ts";
import RepeatableListController from "./repeatable_list_controller.ts";
import RowHighlightController from "./row_highlight_controller.ts";
import TextFilterController from "./text_filter_controller.ts";
import TimezoneController from "./timezone_controller.ts";
import TomSelectController from "./tom_select_controller.ts";
import UnsavedChangesController from "./unsaved_changes_controller.ts";
import UnreadBadgeController from "./unread_badge_controller.ts";
import MessageListController from "./message_list_controller.ts";
import MessageController from "./message_controller.ts";
import MessageBoxController from "./message_box_controller.ts";
import TypingNoticeController from "./typing_notice_controller.ts";
import AutogrowController from "./autogrow_controller.ts";
import ExpandableController from "./expandable_controller.ts";
import NotificationCardController from "./notification_card_controller.ts";
import NotificationsController from "./notifications_controller.ts";

// Every Stimulus controller, registered by its kebab-case identifier.
export function registerControllers(application: Application) {
  application.register("island", IslandController);
  application.register("analytics", AnalyticsController);
  application.register("countdown", CountdownController);
  application.register("local-time", LocalTimeController);
  application.register("auction-toggle", AuctionToggleController);
  application.register("quote-loads-count", QuoteLoadsCountController);
  application.register("carrier-selector", CarrierSelectorController);
  application.register("address-autocomplete", AddressAutocompleteController);
  application.register("address-form", AddressFormController);
  application.register("contract-months", ContractMonthsController);
  application.register("job-form", JobFormController);
  application.register("pallet-quantity", PalletQuantityController);
  application.register("repeatable-list", RepeatableListController);
  application.register("row-highlight", RowHighlightController);
  application.register("text-filter", TextFilterController);
  application.register("timezone", TimezoneController);
  application.register("tom-select", TomSelectController);
  application.register("unsaved-changes", UnsavedChangesController);
  application.register("unread-badge", UnreadBadgeController);
  application.register("message-list", MessageListController);
  application.register("message", MessageController);
  application.register("message-box", MessageBoxController);
  application.register("typing-notice", TypingNoticeController);
  application.register("autogrow", AutogrowController);
  application.register("expandable", ExpandableController);
  application.register("notification-card", NotificationCardController);
  application.register("notifications", NotificationsController);
  // Native-app bridge components, fetched only inside the Hotwire Native wrapper (its user agent says so).
  if (/bridge-components: \[/.test(navigator.userAgent)) {
    void import("./bridge/index.ts").then(({ registerBridgeComponents }) => registerBridgeComponents(application));
  }
}
