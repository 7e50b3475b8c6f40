import { JOB_FIELD_COLUMNS } from "#domain/jobs/form/fields.ts";
import type { Prisma } from "#generated/prisma/client.ts";

/**
 * The Job columns the field table fills, to select wherever a page shows a job's facts (the job
 * page reads the whole row; the load page selects these): a field added to the table shows there too.
 */
export const jobFactsSelect = Object.fromEntries(JOB_FIELD_COLUMNS.map((column) => [column, true])) as {
  [C in (typeof JOB_FIELD_COLUMNS)[number]]: true;
} satisfies Prisma.JobSelect;
