import { z } from "zod";
import { BlobAnnouncementSchema, UPLOAD_USES } from "#domain/files/uploads.ts";
import { CollectionInputSchema } from "#domain/loads/handover-input.ts";
import { ProofInputSchema } from "#domain/loads/proof-of-delivery.ts";
import { LOAD_STATUSES } from "#domain/loads/status.ts";
import { PositionInputSchema } from "#domain/maps/tracking.ts";
import { Instant, MoneySchema, PagingQuery, UpdatedSinceQuery, day, iso, moneyOrNull, pageOf } from "./common.ts";
import { requestSchema, responseSchema } from "./registry.ts";

// Loads through the API: read by whoever may see them on the pages (a driver: only their own), run
// with the load pages' own models; hand-overs and positions checked by the same schemas the pages
// and the driver's phone use.

const STATUS_VALUES = LOAD_STATUSES as unknown as [string, ...string[]];
const idOf = (what: string) => z.number({ error: `Give the ${what}'s id as a number` }).int({ error: `Give the ${what}'s id as a number` }).positive({ error: `Give the ${what}'s id as a number` });

export const LoadListQuery = z.object({
  status: z.enum(STATUS_VALUES, { error: `Give a status from: ${STATUS_VALUES.join(", ")}` }).optional(),
  job_id: z.string().regex(/^[1-9]\d{0,9}$/, { error: "Give the job's id as a number" }).transform(Number).optional(),
  updated_since: UpdatedSinceQuery,
  ...PagingQuery,
});

export const AssignmentSchema = requestSchema(
  "Assignment",
  z
    .strictObject({ driver_id: idOf("driver").nullable().optional(), vehicle_id: idOf("vehicle").nullable().optional() })
    .refine((input) => input.driver_id !== undefined || input.vehicle_id !== undefined, { error: "Give a driver_id, a vehicle_id or both" }),
  "One of your drivers and/or vehicles for the load (null takes one off)",
);

const hand = {
  latitude: z.number().optional().describe("Where the phone was, when known"),
  longitude: z.number().optional(),
  confirmed: z.boolean().optional().describe("true goes on despite the warnings of a first try"),
};

export const CollectedSchema = requestSchema("Collected", z.strictObject(hand));
export const DeliveredSchema = requestSchema(
  "Delivered",
  z.strictObject({
    recipient_name: z.string(),
    signature_signed_id: z.string().optional().describe("A signature uploaded with POST /direct_uploads?use=signature"),
    blob_signed_ids: z.array(z.string()).optional().describe("Photos uploaded with POST /direct_uploads?use=photo"),
    ...hand,
  }),
);
export const PositionSchema = requestSchema(
  "Position",
  z.strictObject({ lat: z.number(), lng: z.number(), recorded_at: z.string().describe("ISO 8601"), accuracy: z.number().nullable().optional().describe("metres") }),
  "A fix from the driver's telematics",
);

/** The API's fields read by the pages' own schemas (so the same rules and messages), paths renamed back. */
export const collectionInput = (body: z.output<typeof CollectedSchema>) => CollectionInputSchema.safeParse(body);
export const proofInput = (body: z.output<typeof DeliveredSchema>) => ProofInputSchema.safeParse(body);
export const positionInput = (body: z.output<typeof PositionSchema>) =>
  PositionInputSchema.safeParse({ latitude: body.lat, longitude: body.lng, recorded_at: body.recorded_at, accuracy: body.accuracy });
export const POSITION_FIELDS: Record<string, string> = { latitude: "lat", longitude: "lng" };

export const UploadQuery = z.object({ use: z.enum(UPLOAD_USES, { error: `Give use: ${UPLOAD_USES.join(", ")}` }) });
export const UploadSchema = requestSchema("DirectUpload", BlobAnnouncementSchema, "The file you will upload: its name, type, size and base64 MD5");
export const UploadedSchema = responseSchema(
  "DirectUploadAnswer",
  z.object({
    signed_id: z.string(),
    direct_upload: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }),
  }),
  "PUT the bytes to direct_upload.url with these headers, then send signed_id",
);

export const LoadSchema = responseSchema(
  "Load",
  z.object({
    id: z.number().int(),
    job_id: z.number().int(),
    sequence: z.number().int(),
    status: z.string().describe(STATUS_VALUES.join(" | ")),
    carrier_account_id: z.number().int().nullable(),
    driver_id: z.number().int().nullable(),
    vehicle_id: z.number().int().nullable(),
    price: MoneySchema.nullable(),
    pickup_date: z.string().nullable(),
    delivery_date: z.string().nullable(),
    collected_at: Instant.nullable(),
    delivered_at: Instant.nullable(),
    proof_status: z.string().nullable(),
    updated_at: Instant,
  }),
);
export const LoadPageSchema = pageOf("LoadPage", LoadSchema);
export const PositionAnswerSchema = responseSchema("PositionAnswer", z.object({ load_id: z.number().int(), recorded_at: Instant }));

export type LoadRow = {
  id: number; jobId: number; sequence: number; status: string; carrierAccountId: number | null; driverId: number | null; vehicleId: number | null;
  priceCents: number | null; pickupDate: Date | null; deliveryDate: Date | null; collectedAt: Date | null; deliveredAt: Date | null; proofStatus: string | null; updatedAt: Date;
};

export const presentLoad = (load: LoadRow): z.output<typeof LoadSchema> => ({
  id: load.id, job_id: load.jobId, sequence: load.sequence, status: load.status, carrier_account_id: load.carrierAccountId, driver_id: load.driverId,
  vehicle_id: load.vehicleId, price: moneyOrNull(load.priceCents), pickup_date: day(load.pickupDate), delivery_date: day(load.deliveryDate),
  collected_at: iso(load.collectedAt), delivered_at: iso(load.deliveredAt), proof_status: load.proofStatus, updated_at: load.updatedAt.toISOString(),
});
