// What the job form calls a field, by its dotted path ("pickups.0.city"). Kept apart from the
// table and its zod checks so browser code can use it cheaply.

/** The posted name: "pickups.0.city" → "job[pickups][0][city]". */
export function fieldName(path: string): string {
  return `job[${path.split(".").join("][")}]`;
}

/** The element id: "pickups.0.city" → "job_pickups_0_city". */
export const fieldId = (path: string) => `job_${path.replace(/[^\w]+/g, "_")}`;
