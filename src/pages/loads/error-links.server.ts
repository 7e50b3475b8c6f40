// Where the messages of an error summary (views/shared/_error_summary.ejs, its `idFor`) link to on
// the loads pages: the field of each key named here; a message of any other key stands unlinked.

/** The summary's `idFor` for these fields: key → the id of its field, or null for no link. */
export function fieldIdsOf(ids: Readonly<Record<string, string>>): (key: string) => string | null {
  return (key) => (Object.hasOwn(ids, key) ? ids[key]! : null);
}
