/** The posted name of a field path: "pickups.0.city" → "job[pickups][0][city]". Kept apart from the zod schema so browser code can use it cheaply. */
export function fieldName(path: string): string {
  return `job[${path.split(".").join("][")}]`;
}
