import { describe, expect, it } from "vitest";
import { HttpError, recordId } from "#lib/errors.server.ts";

// A record id from a URL or a form: a positive whole number a 32-bit id column can hold; anything
// else names no record, so the route answers 404 rather than asking the database (PostgreSQL refuses
// an integer out of range with an error, which would be a 500).

describe("record ids from addresses and forms", () => {
  it.each([["1", 1], ["12", 12], [42, 42], ["2147483647", 2_147_483_647]])("%j is record %i", (value, id) => {
    expect(recordId(value)).toBe(id);
  });

  it.each(["0", "-1", "1.0", "0x1", "abc", "", "01", "2147483648", "99999999999", "999999999999999", null, undefined, 1.5])("%j names no record: 404", (value) => {
    expect(() => recordId(value)).toThrow(HttpError);
    try {
      recordId(value);
    } catch (error) {
      expect((error as HttpError).status).toBe(404);
    }
  });
});
