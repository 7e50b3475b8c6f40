import { z } from "zod";

// The road-charges API's query: `job_id` and `vehicle_id`, each a record id (digits, at most 15 of
// them, as the rest of the API reads ids). Anything else is 422 with the field's message.

export const JOB_ID_MESSAGE = "job_id must be a job's id (a whole number)";
export const VEHICLE_ID_MESSAGE = "vehicle_id must be one of your vehicles' ids (a whole number)";

const recordIdText = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,14}$/, { error: message })
    .transform(Number)
    .refine((id) => Number.isSafeInteger(id), { error: message });

export const RoadChargesQuerySchema = z.object({ job_id: recordIdText(JOB_ID_MESSAGE), vehicle_id: recordIdText(VEHICLE_ID_MESSAGE) });
export type RoadChargesQuery = z.output<typeof RoadChargesQuerySchema>;
