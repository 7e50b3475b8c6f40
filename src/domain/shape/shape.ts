// Shape checks for data that crosses into the browser as JSON (island props): what zod's parse
// would do for these plain shapes, in a few hundred bytes instead of a 400 KB library. A check
// returns the value when it has the shape, and throws a ShapeError naming the first wrong field.

export class ShapeError extends Error {
  constructor(path: string, expected: string) {
    super(`${path || "value"} should be ${expected}`);
    this.name = "ShapeError";
  }
}

export type Check<T> = (value: unknown, path?: string) => T;
export type Shaped<C> = C extends Check<infer T> ? T : never;

const primitive =
  <T>(expected: string, test: (value: unknown) => boolean): Check<T> =>
  (value, path = "") => {
    if (!test(value)) throw new ShapeError(path, expected);
    return value as T;
  };

export const number = primitive<number>("a number", (value) => typeof value === "number" && Number.isFinite(value));
export const string = primitive<string>("a string", (value) => typeof value === "string");
export const boolean = primitive<boolean>("true or false", (value) => typeof value === "boolean");

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value, path = "") =>
    value === null ? null : check(value, path);

export const array =
  <T>(check: Check<T>): Check<T[]> =>
  (value, path = "") => {
    if (!Array.isArray(value)) throw new ShapeError(path, "a list");
    return value.map((item, i) => check(item, `${path}[${i}]`));
  };

/** An object with exactly these fields checked (others are dropped, as zod's object does). */
export const object =
  <S extends Record<string, Check<unknown>>>(shape: S): Check<{ [K in keyof S]: Shaped<S[K]> }> =>
  (value, path = "") => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ShapeError(path, "an object");
    const fields = value as Record<string, unknown>;
    return Object.fromEntries(Object.entries(shape).map(([key, check]) => [key, check(fields[key], path ? `${path}.${key}` : key)])) as {
      [K in keyof S]: Shaped<S[K]>;
    };
  };

/** One of these exact strings. */
export const oneOf =
  <const V extends readonly string[]>(values: V): Check<V[number]> =>
  (value, path = "") => {
    if (typeof value !== "string" || !values.includes(value)) throw new ShapeError(path, `one of ${values.join(", ")}`);
    return value as V[number];
  };
