import { addressLine } from "#domain/format/address.ts";
import { formatTime } from "#domain/format/dates.ts";
import { loadGoods } from "#domain/loads/goods.ts";
import { loadNumber } from "#domain/loads/load-number.ts";
import { isUndoable, undoDeadline } from "#domain/loads/undo-collection.ts";
import { STATUS_ACTION_LABELS, isBeforeCollection, nextStatuses } from "#domain/loads/status.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { actorOf, isDriverAssignable, runsLoad } from "#models/loads/access.server.ts";
import { collectedBy, mayUndoCollection } from "#models/loads/collection.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { loadConversationFor } from "#models/messages/conversation-view.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { extraChargesSrc } from "#pages/extra-charges.server.ts";
import { carrierSelector, selectorRequestFor } from "#pages/loads/carrier-selector.server.ts";
import { fieldIdsOf } from "#pages/loads/error-links.server.ts";
import { proofReviewPanel } from "#pages/loads/proof-review.server.ts";
import { loadTracking } from "#pages/loads/tracking.server.ts";
import { returnLoadsHrefFor } from "#pages/return-loads.server.ts";
import { loadTrustCard } from "#pages/ratings/load-card.server.ts";
import { vehicleSectionFor } from "#pages/vehicles/load-vehicle.server.ts";

// The load page (views/loads/show.ejs): the route, who runs it, what this user may do next, the
// review of its proof of delivery, the map, the vehicle, the goods and the conversation.

/** What the load page offers this user: status buttons from the table, driver and carrier changes. */
export function loadActions(load: LoadDetail, user: CurrentUser) {
  const actor = actorOf(user);
  return {
    actor,
    statuses: nextStatuses(load.status, actor).filter((s) => s !== "assigned" && s !== "driver_assigned"),
    canAssignDriver: runsLoad(load, user) && isDriverAssignable(load.status),
    // An own-fleet load has no carrier's quote to hand it to.
    canMove: actor === "shipper" && !runsLoad(load, user) && isBeforeCollection(load.status),
  };
}

/** The move form's collection points, as its select offers them (the index is the option's value). */
export function movePickups(load: LoadDetail) {
  const places = load.stops.filter((s) => s.jobLocation.kind === "pickup").map((s) => s.jobLocation);
  return places.map((place, i) => ({
    index: i,
    city: place.city || "",
    country: place.countryCode || "",
    label: addressLine(place, { company: true }) || place.fullAddress || `Collection ${i + 1}`,
  }));
}

/** The move form's error summary links each message to its field. */
const moveFieldId = fieldIdsOf({ pickup_date: "load_pickup_date", carrier_account_id: "load_carrier_account_id" });
/** The page's own error summary links only the driver's message, to the driver select. */
const errorFieldId = fieldIdsOf({ driver_id: "load_driver_id" });

/**
 * What the load page's collection controls need: until when this user may undo the collection (null
 * when they may not), and the collection points (the driver's page says how far away the phone is).
 */
async function collectionPanel(load: LoadDetail, user: CurrentUser, now = new Date()) {
  const undoable =
    load.status === "collected" && isUndoable(load.collectedAt, now) && mayUndoCollection(load, user, await collectedBy(load.id));
  const pickups = load.stops.filter((stop) => stop.jobLocation.kind === "pickup");
  const sites = pickups.map(({ jobLocation: { latitude, longitude } }) => ({ latitude, longitude }));
  const undoUntil = undoable ? undoDeadline(load.collectedAt!) : null;
  return { undoUntil, undoUntilText: undoUntil ? formatTime(undoUntil) : "", sites };
}

export type LoadPageForm = { errors?: Record<string, string>; values?: unknown; warnings?: string[] };

/** Everything views/loads/show.ejs shows, for this user; a refused form comes back with its messages. */
export async function loadPage(user: CurrentUser, load: LoadDetail, form: LoadPageForm = {}) {
  const actions = loadActions(load, user);
  const [drivers, selector, conversation, tracking, vehicleSection, collection, proofReview, trust] = await Promise.all([
    actions.canAssignDriver ? load.driverChoices : [],
    actions.canMove ? carrierSelector(user, selectorRequestFor(load)) : Promise.resolve(null),
    loadConversationFor(user, load),
    loadTracking(load),
    vehicleSectionFor(load, user),
    collectionPanel(load, user),
    proofReviewPanel(user, load, form),
    loadTrustCard(user, load),
  ]);
  return {
    title: `Load ${load.sequence} · ${load.job.reference}`,
    load,
    loadNumber: loadNumber(load.job.reference, load.sequence),
    actions,
    drivers,
    selector,
    movePickups: actions.canMove ? movePickups(load) : [],
    moveFieldId,
    errorFieldId,
    conversation,
    liveTag: streamTag(loadStream(load.id)),
    tracking,
    vehicleSection,
    statusLabels: STATUS_ACTION_LABELS,
    goods: loadGoods(load.job),
    collection: { ...collection, warnings: form.warnings ?? [] },
    proofReview,
    trust,
    extraChargesSrc: extraChargesSrc(load, user),
    returnLoadsHref: returnLoadsHrefFor(actions.actor, load),
    errors: form.errors ?? {},
    values: form.values ?? {},
  };
}
